/**
 * A searchable page's facets (docs/search.md, "Facets"): each facet's choices as links with the
 * number of sheets each would give, in a disclosure that works without script (open on a page of
 * choices the visitor made; closed on the literature page and topic pages, so the cards come first
 * on a phone). A chosen choice's link unmakes it. With script, the search field's code follows these
 * links in place (search-box.ts).
 */
import type { FacetsView } from '../page-data';
import { pageText } from '../ui-text';

export function FacetFilters({ id, facets, language }: { id: string; facets: FacetsView; language: string }) {
  const text = pageText(language);
  const locale = language.slice(0, 2);
  return (
    <details className="facets" open={facets.open || undefined} data-facets>
      <summary className="facets__summary">
        {text.filters}
        {facets.chosen > 0 && (
          <>
            <span aria-hidden="true">{`(${facets.chosen})`}</span>
            <span className="visually-hidden">{`, ${facets.chosen} ${text.chosen}`}</span>
          </>
        )}
      </summary>
      <div className="facets__facets">
        {facets.facets.map((facet) => (
          <div key={facet.facet} className="facets__facet" role="group" aria-labelledby={`${id}-facet-${facet.facet}`}>
            <p className="facets__name" id={`${id}-facet-${facet.facet}`}>
              {facet.label}
            </p>
            <ul className="facets__choices">
              {facet.choices.map((choice) => (
                <li key={choice.key}>
                  <a
                    className={choice.chosen ? 'facets__choice facets__choice--chosen' : 'facets__choice'}
                    href={choice.href}
                    rel={choice.combination ? 'nofollow' : undefined}
                    data-choice={choice.key}
                  >
                    {`${choice.label} `}
                    <span className="facets__count">{`(${choice.count.toLocaleString(locale)}${choice.atLeast ? '+' : ''})`}</span>
                    {choice.chosen && <span className="visually-hidden">{`, ${text.chosen}`}</span>}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
