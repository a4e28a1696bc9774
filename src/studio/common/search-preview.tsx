/**
 * How a page will look in search results (its title, address and description, cut where search
 * engines usually cut them), and which custom head tags the site keeps or drops, and why: worked
 * out as the editor types, with the site's own filter (shared/head-tags.ts).
 */
import { reviewHeadTags } from '../../shared/head-tags';

/** Roughly where search engines cut a title and a description, in characters. */
const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 160;

const cut = (text: string, most: number) => (text.length <= most ? text : `${text.slice(0, most - 1).trimEnd()}…`);

export function SearchSnippet({ title, address, description }: { title: string; address: string; description: string }) {
  return (
    <figure className="studio-snippet" aria-labelledby="snippet-caption">
      <figcaption id="snippet-caption" className="studio-hint">
        In search results, roughly:
      </figcaption>
      <div className="studio-snippet__address">{address}</div>
      <div className="studio-snippet__title">{cut(title, TITLE_SHOWN) || '(no title)'}</div>
      <div className="studio-snippet__description">{cut(description, DESCRIPTION_SHOWN) || '(no description: search engines take words from the page)'}</div>
      {title.length > TITLE_SHOWN && (
        <p className="studio-hint">
          The title is {title.length} characters; search engines usually show about {TITLE_SHOWN}.
        </p>
      )}
      {description.length > DESCRIPTION_SHOWN && (
        <p className="studio-hint">
          The description is {description.length} characters; search engines usually show about {DESCRIPTION_SHOWN}.
        </p>
      )}
    </figure>
  );
}

export function HeadTagsReview({ html, basePath }: { html: string; basePath: string }) {
  if (html.trim() === '') return null;
  // The site drops every tag of a value its filter fails on (server/ssr/filter-or-drop.ts); say so rather than lose the screen.
  let verdicts: ReturnType<typeof reviewHeadTags> | null;
  try {
    verdicts = reviewHeadTags(html, basePath);
  } catch {
    verdicts = null;
  }
  return (
    <div className="studio-headtags">
      <h3>What the site does with these tags</h3>
      {verdicts === null ? (
        <p>The site could not read these tags, so it leaves them all out of the page.</p>
      ) : verdicts.length === 0 ? (
        <p>No meta, link or script element here: nothing is added to the page.</p>
      ) : (
        <ul>
          {verdicts.map((verdict, index) =>
            'kept' in verdict ? (
              <li key={index} className="studio-headtags__kept">
                Kept: <code>{describe(verdict.kept.tag, verdict.kept.attributes)}</code>
              </li>
            ) : (
              <li key={index} className="studio-headtags__dropped">
                Dropped: <code>&lt;{verdict.tag}&gt;</code>, {verdict.dropped}
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function describe(tag: string, attributes: Array<[string, string]>): string {
  return `<${tag}${attributes.map(([name, value]) => ` ${name}="${value.length > 60 ? `${value.slice(0, 59)}…` : value}"`).join('')}>`;
}
