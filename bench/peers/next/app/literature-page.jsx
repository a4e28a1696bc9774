/**
 * The literature page as server components: head tags (hoisted into <head> by React), the skip
 * link, the header's menus (topics, languages: disclosures, no script), the sections, the grid's
 * search form with its facets and the grid of cards; Show More is the only client component.
 */
import { Card } from '../generated/card.jsx';
import ShowMore from '../generated/show-more.jsx';

export function LiteraturePage({ page }) {
  const { head } = page;
  return (
    <>
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      <link rel="canonical" href={head.canonical} />
      {head.alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      {head.share.map((tag) => (
        <meta key={`${tag.property ?? tag.name} ${tag.content}`} {...tag} />
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />
      <a className="skip-link" href="#main">
        {page.skipLink}
      </a>
      {(page.topicMenu || page.languageMenu) && (
        <header className="site-header">
          {page.topicMenu && <TopicMenu menu={page.topicMenu} />}
          {page.languageMenu && <LanguageMenu menu={page.languageMenu} />}
        </header>
      )}
      <main className="page" id="main" tabIndex={-1}>
        {page.sections.map((section) => (
          <section key={section.id} className={section.className}>
            {section.backgroundAlt ? <span className="visually-hidden">{section.backgroundAlt}</span> : null}
            <div className="page-section__columns">
              {section.columns.map((column) => (
                <div key={column.key} className={column.className}>
                  {column.components.map((component) => (
                    <Component key={component.id} component={component} basePath={page.basePath} />
                  ))}
                </div>
              ))}
            </div>
          </section>
        ))}
      </main>
    </>
  );
}

function TopicMenu({ menu }) {
  return (
    <nav className="topic-menu" aria-label={menu.label}>
      <details>
        <summary>{menu.label}</summary>
        <div className="topic-menu__panel">
          {menu.facets.map((facet) => (
            <div key={facet.id} className="topic-menu__facet">
              <span className="topic-menu__facet-name" id={facet.id}>
                {facet.label}
              </span>
              <ul aria-labelledby={facet.id}>
                {facet.topics.map((topic) => (
                  <li key={topic.slug}>
                    <a href={topic.href}>{topic.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </nav>
  );
}

function LanguageMenu({ menu }) {
  return (
    <nav className="language-menu" aria-label={menu.label}>
      <details>
        <summary>
          <svg className="language-menu__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="6.5" />
            <path d="M1.5 8h13M8 1.5c-2.2 2.4-2.2 10.6 0 13M8 1.5c2.2 2.4 2.2 10.6 0 13" />
          </svg>
          <span lang={menu.current.language}>{menu.current.label}</span>
        </summary>
        <ul>
          {menu.entries.map((entry) => (
            <li key={entry.language}>
              <a href={entry.href} hrefLang={entry.language} lang={entry.language} aria-current={entry.current ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** A GET form to the page (`?q=`: the peer searches nothing) and the facets' choices as links with their counts. */
function SearchForm({ gridId, search }) {
  return (
    <div className="collection-search" role="search" data-search={gridId}>
      <form method="get" className="collection-search__form" action={search.action}>
        <label htmlFor={search.inputId}>{search.label}</label>
        <div className="collection-search__field">
          <input id={search.inputId} type="search" name="q" defaultValue="" maxLength={200} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="button button--primary">
            {search.button}
          </button>
          {search.facets && (
            <details className="facets" data-facets>
              <summary className="facets__summary">{search.facets.label}</summary>
              <div className="facets__facets">
                {search.facets.groups.map((group) => (
                  <div key={group.id} className="facets__facet" role="group" aria-labelledby={group.id}>
                    <p className="facets__name" id={group.id}>
                      {group.label}
                    </p>
                    <ul className="facets__choices">
                      {group.choices.map((choice) => (
                        <li key={choice.key}>
                          <a className="facets__choice" href={choice.href} rel={choice.nofollow ? 'nofollow' : undefined} data-choice={choice.key}>
                            {`${choice.label} `}
                            <span className="facets__count">{choice.count}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </details>
          )}
        </div>
      </form>
      <p className="collection-search__status" role="status" />
    </div>
  );
}

function Component({ component, basePath }) {
  if (component.type === 'heading') {
    const Tag = component.tag;
    return <Tag className={component.className}>{component.text}</Tag>;
  }
  if (component.type === 'richText') return <div className={component.className} dangerouslySetInnerHTML={{ __html: component.html }} />;
  return (
    <>
      {component.search && <SearchForm gridId={component.id} search={component.search} />}
      <div className={component.className} data-grid={component.id}>
        <ul className={component.listClassName} aria-busy="false">
          {component.items.map((item, index) => (
            <li key={item.position} className="collection-grid__item">
              <Card item={item} card={component.card} label={component.itemLabels[index]} />
            </li>
          ))}
        </ul>
        {component.emptyMessage && <p className="collection__message collection__message--empty">{component.emptyMessage}</p>}
        {component.showMore && (
          <ShowMore
            gridId={component.id}
            basePath={basePath}
            label={component.showMore.label}
            style={component.showMore.style}
            nextPage={component.showMore.nextPage}
            shown={component.items.length}
            card={component.card}
          />
        )}
      </div>
    </>
  );
}
