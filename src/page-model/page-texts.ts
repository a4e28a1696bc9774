/**
 * A page's texts people read, which translators translate (docs/pages.md, "translations"): each
 * named by the key its translations use (`seo.pageTitle`, `page-heading.text`,
 * `literature-grid.paginator.label`), with a label for editors and the page's own text.
 */
import type { ComponentDefinition, PageDefinition } from './page-definition';

export interface PageText {
  key: string;
  /** What it is, for editors and translators: "Page heading". */
  label: string;
  /** The page's own text (its primary language's). */
  text: string;
}

const components = (page: PageDefinition) => page.sections.flatMap((section) => section.columns.flatMap((column) => column.components));

/** The text a translation key names: 'seo.<field>' or '<componentId>.<setting path>'; undefined when it names none. */
export function textAt(page: PageDefinition, key: string): unknown {
  const [head = '', ...rest] = key.split('.');
  if (head === 'seo') return rest.length === 1 ? (page.seo as unknown as Record<string, unknown>)[rest[0] ?? ''] : undefined;
  let value: unknown = components(page).find((candidate) => candidate.id === head)?.settings;
  for (const part of rest) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

type Entry = { path: string; label: string; text: string };

/** A component's texts, by their setting path and label; the texts it does not show are left out. */
function componentTexts(component: ComponentDefinition): Entry[] {
  if (component.type === 'richTextHeading') return [{ path: 'text', label: 'Heading', text: component.settings.text }];
  if (component.type === 'richText') return [{ path: 'html', label: 'Text (HTML)', text: component.settings.html }];
  const { card, paginator, emptyState, errorState } = component.settings;
  const shown = (show: boolean, entry: Entry) => (show ? [entry] : []);
  return [
    ...shown(paginator !== null, { path: 'paginator.label', label: 'Show More button', text: paginator?.label ?? '' }),
    ...shown(card.primaryButton.show, { path: 'card.primaryButton.label', label: 'Card button', text: card.primaryButton.label }),
    ...shown(card.secondaryButton.show, { path: 'card.secondaryButton.label', label: 'Card’s second button', text: card.secondaryButton.label }),
    ...shown(emptyState.enabled, { path: 'emptyState.message', label: 'Message when there are no sheets', text: emptyState.message }),
    ...shown(errorState.enabled, { path: 'errorState.message', label: 'Message when the sheets cannot load', text: errorState.message }),
  ];
}

/** The page's texts in page order, the search engines' first; empty ones are left out (nothing to translate). */
export function pageTexts(page: PageDefinition): PageText[] {
  const texts: PageText[] = [
    { key: 'seo.pageTitle', label: 'Page title for search engines', text: page.seo.pageTitle },
    { key: 'seo.description', label: 'Description for search engines', text: page.seo.description },
  ];
  let headings = 0;
  for (const component of components(page))
    for (const { path, label, text } of componentTexts(component)) {
      const first = component.type === 'richTextHeading' && headings++ === 0;
      texts.push({ key: `${component.id}.${path}`, label: first ? 'Page heading' : label, text });
    }
  return texts.filter((text) => text.text.trim() !== '');
}
