import { componentClass } from '../pages/page-styles';

/**
 * Rich text from a page definition. The server sanitised it with a real HTML parser when the page
 * was loaded (server/pages.ts, shared/sanitize-html.ts), so it is inserted as it is.
 */
export function RichText({ id, html }: { id: string; html: string }) {
  return <div className={`rich-text ${componentClass(id)}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
