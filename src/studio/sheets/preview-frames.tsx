/**
 * The preview: the literature page with the draft applied, rendered by the server's page pipeline,
 * at a phone's, a tablet's and a desktop's width side by side, each frame scaled to fit (and a
 * link to the sheet's own page with the draft applied). Loaded
 * only while open (each is a full page render), and again after each save.
 */
import { useEffect, useRef, useState } from 'react';
import { Disclosure, DisclosurePanel, Heading, Button } from 'react-aria-components';
import { addressOf, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';

export const PREVIEW_WIDTHS = [
  { width: 375, height: 740, name: 'phone' },
  { width: 768, height: 1024, name: 'tablet' },
  { width: 1280, height: 900, name: 'desktop' },
] as const;

const GAP = 16;

/** The width an element has, as it changes. */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (element.current === null) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface PreviewFramesProps {
  context: StudioContext;
  sheetId: string;
  /** Moves on with each save: the frames load again. */
  revision: number;
  /** The page's language as in its address ('de-DE'), or null for the default. */
  language: string | null;
  /** The sheet's title: each frame scrolls to its card. */
  title: string;
}

/**
 * Scrolls a loaded frame (same origin) to the card that shows the sheet: the frame's own page
 * only, since scrollIntoView would scroll every box around the frame too (its figure, clipped,
 * would hide its caption behind the text above it).
 */
function showCard(frame: HTMLIFrameElement, title: string): void {
  const view = frame.contentWindow;
  const cards = frame.contentDocument?.querySelectorAll<HTMLElement>('.card') ?? [];
  const card = [...cards].find((candidate) => candidate.textContent?.includes(title));
  if (view === null || card === undefined) return;
  const box = card.getBoundingClientRect();
  view.scrollTo({ top: Math.max(0, box.top + view.scrollY - (view.innerHeight - box.height) / 2) });
}

export function PreviewFrames({ context, sheetId, revision, language, title }: PreviewFramesProps) {
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const available = useWidth(area);
  const sideBySide = available >= 720;
  const total = PREVIEW_WIDTHS.reduce((sum, frame) => sum + frame.width, 0) + GAP * (PREVIEW_WIDTHS.length - 1);
  const source = addressOf(context, {
    operation: editingApi.sheets.preview,
    params: { id: sheetId },
    query: { ...(language === null ? {} : { lang: language }), revision },
  });

  return (
    <Disclosure className="studio-panel studio-preview" isExpanded={open} onExpandedChange={setOpen}>
      <Heading level={2} className="studio-preview__heading">
        <Button slot="trigger" className="studio-disclosure">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> Preview at phone, tablet and desktop widths
        </Button>
      </Heading>
      <DisclosurePanel>
        <p className="studio-hint">
          The page as visitors will see it once this draft is published. It updates after each save.{' '}
          <a href={source} target="_blank" rel="noopener">
            Open the preview on its own
          </a>{' '}
          or{' '}
          <a href={`${source}&view=sheet`} target="_blank" rel="noopener">
            preview the sheet’s own page
          </a>
        </p>
        <div ref={area} className={`studio-preview__frames${sideBySide ? '' : ' studio-preview__frames--stacked'}`}>
          {open &&
            available > 0 &&
            PREVIEW_WIDTHS.map((frame, index) => {
              const scale = Math.min(1, sideBySide ? (available - 1) / total : available / frame.width);
              return (
                <figure key={frame.width} className="studio-preview__frame" style={{ width: frame.width * scale, height: frame.height * scale + 28 }}>
                  <figcaption>
                    {frame.width} px ({frame.name})
                  </figcaption>
                  <iframe
                    title={`Preview at ${frame.width} pixels wide (${frame.name})`}
                    src={source}
                    width={frame.width}
                    height={frame.height}
                    style={{ transform: `scale(${scale})` }}
                    loading="lazy"
                    onLoad={(event) => showCard(event.currentTarget, title)}
                    // The same page three times over is noise to a screen reader and a long way by
                    // Tab: the wider two are for the eye; the page on its own is linked above.
                    inert={index > 0}
                  />
                </figure>
              );
            })}
        </div>
      </DisclosurePanel>
    </Disclosure>
  );
}
