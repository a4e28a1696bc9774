/**
 * The literature page as a server component: head tags (hoisted into <head> by React), the
 * language menu, the sections and the grid of cards; Show More is the only client component.
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
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />
      {page.languageMenu && (
        <header className="site-header">
          <nav className="language-menu" aria-label={page.languageMenu.label}>
            <ul>
              {page.languageMenu.entries.map((entry) => (
                <li key={entry.language}>
                  <a href={entry.href} hrefLang={entry.language} lang={entry.language} aria-current={entry.current ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
      )}
      <main className="page" id="main">
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

function Component({ component, basePath }) {
  if (component.type === 'heading') {
    const Tag = component.tag;
    return <Tag className={component.className}>{component.text}</Tag>;
  }
  if (component.type === 'richText') return <div className={component.className} dangerouslySetInnerHTML={{ __html: component.html }} />;
  return (
    <div className={component.className}>
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
  );
}
