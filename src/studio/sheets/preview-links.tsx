/**
 * A sheet's shared preview links that still work, each with a button that revokes it (docs/studio.md,
 * "Preview"). A revoked link opens nothing from then on, whoever has it. The list never holds a
 * link's address: the server keeps only the digest of its token, which is the link's id here.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

type PreviewLinkSummary = AnswerOf<typeof editingApi.sheets.listPreviewLinks>[number];
import { Notice, wordsOf, type Outcome } from '../common/parts';

interface PreviewLinksProps {
  context: StudioContext;
  /** The sheet's id. */
  id: string;
  /** Changes when a link was just made, so that the list shows it. */
  madeLink: string | null;
  /** Told when a link goes, with its id, so that a link shown elsewhere on the screen can go too. */
  onRevoked: (id: string) => void;
}

/** The SHA-256 of a shared link's token (its last segment), as the server names the link; null where the browser cannot tell. */
export async function previewLinkIdOf(url: string): Promise<string | null> {
  const token = new URL(url).pathname.split('/').at(-1) ?? '';
  // crypto.subtle exists in secure contexts only (https:, localhost).
  if (globalThis.crypto?.subtle === undefined) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const whenOf = (iso: string) => new Date(iso).toLocaleString();

/** The words that tell one link from the others: its maker, when it was made, and its language. */
const nameOf = (link: PreviewLinkSummary) =>
  `the preview link ${link.createdBy} made on ${whenOf(link.createdAt)}${link.language === null ? '' : ` (${link.language})`}`;

export function PreviewLinks({ context, id, madeLink, onRevoked }: PreviewLinksProps) {
  const listed = () => call(context, { operation: editingApi.sheets.listPreviewLinks, params: { id } });
  const [links, setLinks] = useState<PreviewLinkSummary[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  /** The revoked link's button is gone: the keyboard goes to the line that says how it went. */
  const statusLine = useRef<HTMLDivElement>(null);
  const focusAfter = useRef(false);

  useEffect(() => {
    let current = true;
    call(context, { operation: editingApi.sheets.listPreviewLinks, params: { id } }).then(
      (found) => current && setLinks(found),
      (error: unknown) => current && setOutcome({ text: `The preview links could not be listed: ${wordsOf(error)}`, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [context, id, madeLink]);

  useEffect(() => {
    if (outcome === null || !focusAfter.current) return;
    focusAfter.current = false;
    statusLine.current?.focus();
  }, [outcome]);

  const revoke = async (link: PreviewLinkSummary) => {
    setBusy(true);
    setOutcome(null);
    focusAfter.current = true;
    try {
      await call(context, { operation: editingApi.sheets.revokePreviewLink, params: { id, link: link.id } });
      onRevoked(link.id);
      setOutcome({ text: `Revoked ${nameOf(link)}: it no longer opens the preview.`, failed: false });
    } catch (error) {
      setOutcome({ text: `Not revoked: ${wordsOf(error)}`, failed: true });
    } finally {
      setLinks(await listed().catch(() => links));
      setBusy(false);
    }
  };

  return (
    <div className="studio-preview-links">
      <h3 id="preview-links-heading">Preview links that work now</h3>
      <div ref={statusLine} tabIndex={-1} className="studio-status-line">
        <Notice outcome={outcome} />
      </div>
      {/* A line while the list loads: what comes below does not jump when it arrives. */}
      {links === null && <p className="studio-hint">Looking for links that open this sheet’s preview…</p>}
      {links !== null && links.length === 0 && <p className="studio-hint">None: no shared link opens this sheet’s preview.</p>}
      {links !== null && links.length > 0 && (
        <ul className="studio-schedules" aria-labelledby="preview-links-heading">
          {links.map((link) => (
            <li key={link.id}>
              Made by {link.createdBy} on {whenOf(link.createdAt)}
              {link.language === null ? '' : ` (${link.language})`}; works until {whenOf(link.expiresAt)}.{' '}
              <Button className="studio-button studio-button--small" isDisabled={busy} aria-label={`Revoke ${nameOf(link)}`} onPress={() => void revoke(link)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
