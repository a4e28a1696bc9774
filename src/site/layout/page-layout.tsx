/**
 * Renders a page definition: sections → columns on the 12-unit grid → components (spec §2.1).
 * Sizes and images the definition configures come from the page stylesheet (page-styles.ts).
 */
import { CollectionGrid, type GridPreload } from '../components/collection-grid';
import { RichText } from '../components/rich-text';
import { RichTextHeading } from '../components/rich-text-heading';
import type { ColumnDefinition, ComponentDefinition, SectionDefinition } from '../pages/page-definition';
import { FORM_FACTORS } from '../../shared/constants';
import type { PageData } from '../page-data';
import { markupDefinitionOf } from '../page-boot';
import { componentClass, sectionClass } from '../pages/page-styles';
import { gridText, pageText } from '../ui-text';
import { languageTag } from '../../shared/languages';

interface LayoutProps {
  data: PageData;
  /** Each grid's preloaded pages with their cards already rendered (entry-server.tsx). */
  preloads: Record<string, GridPreload | null>;
}

export function PageLayout({ data, preloads }: LayoutProps) {
  return (
    <>
      {/* The first stop of the keyboard: past the language menu to the page's content. */}
      <a className="skip-link" href="#main">
        {pageText(data.language).skipToContent}
      </a>
      {(data.languages.length > 1 || data.topics !== undefined) && (
        <header className="site-header">
          {data.topics !== undefined && <TopicMenu topics={data.topics} label={pageText(data.language).topics} />}
          {data.languages.length > 1 && <LanguageMenu data={data} />}
        </header>
      )}
      <main className="page" id="main" tabIndex={-1}>
        {data.page.sections.map((section) => (
          <Section key={section.id} section={section} data={data} preloads={preloads} />
        ))}
      </main>
    </>
  );
}

/**
 * Links to the page in every language the site has (spec §2.4), each named in its own language.
 * Folded behind the current language's name, so that on a phone it takes one line, not one per
 * language; a disclosure, so it opens without script.
 */
function LanguageMenu({ data }: { data: PageData }) {
  const current = data.languages.find((entry) => entry.current);
  return (
    <nav className="language-menu" aria-label={pageText(data.language).languages}>
      <details>
        <summary>
          <svg className="language-menu__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="6.5" />
            <path d="M1.5 8h13M8 1.5c-2.2 2.4-2.2 10.6 0 13M8 1.5c2.2 2.4 2.2 10.6 0 13" />
          </svg>
          {current === undefined ? pageText(data.language).languages : <span lang={languageTag(current.language)}>{current.label}</span>}
        </summary>
        <ul>
          {data.languages.map((entry) => (
            <li key={entry.language}>
              <a href={entry.href} hrefLang={languageTag(entry.language)} lang={languageTag(entry.language)} aria-current={entry.current ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

function Section({ section, data, preloads }: LayoutProps & { section: SectionDefinition }) {
  const background = section.background;
  return (
    <section className={`page-section ${sectionClass(section.id)}`}>
      {/* A background image with alternative text is content: say what it shows. */}
      {background?.altText ? <span className="visually-hidden">{background.altText}</span> : null}
      <div className="page-section__columns">
        {section.columns.map((column) => (
          <Column key={column.name} column={column} data={data} preloads={preloads} />
        ))}
      </div>
    </section>
  );
}

function Column({ column, data, preloads }: LayoutProps & { column: ColumnDefinition }) {
  const hidden = column.visibleOn === undefined ? [] : FORM_FACTORS.filter((size) => !column.visibleOn?.includes(size));
  const className = [
    'page-column',
    `page-column--width-${column.width}`,
    `page-column--align-${column.alignment ?? 'center'}`,
    // The responsive wrapper (spec §2.1): hidden on the sizes it does not show on.
    ...hidden.map((size) => `hide-${size}`),
  ].join(' ');
  return (
    <div className={className}>
      {column.components.map((component) => (
        <PageComponent key={component.id} component={component} data={data} preloads={preloads} />
      ))}
    </div>
  );
}

/**
 * A searchable grid's search field (docs/search.md): a GET form to the page itself, so results
 * are a page of their own at ?q=, shareable and served without script; what was found says so.
 * On a topic page the form searches within the topic. With script, results follow the typing
 * (search-box.ts).
 */
function SearchForm({ id, data, preload }: { id: string; data: PageData; preload: GridPreload | null }) {
  const text = pageText(data.language);
  const search = preload?.search;
  const topic = data.topics?.current ?? null;
  const total = preload?.total ?? 0;
  return (
    <div className="collection-search" role="search" data-search={id}>
      <form method="get" className="collection-search__form">
        <label htmlFor={`${id}-q`}>{topic === null ? text.search : `${text.search}: ${topic.label}`}</label>
        <div className="collection-search__field">
          <input id={`${id}-q`} type="search" name="q" defaultValue={search?.query ?? ''} maxLength={200} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="button button--primary">
            {text.searchButton}
          </button>
        </div>
      </form>
      {/* Always there, so that what it says after a search as-you-type is read out (search-box.ts). */}
      <p className="collection-search__status" role="status">
        {search && (
          <>
            {search.query === '' ? text.aboutTopic(total, topic?.label ?? '') : total === 0 ? text.nothingFound(search.query) : text.found(total, search.query)}{' '}
            <a href={search.query === '' ? (data.topics?.allHref ?? data.seo.canonical) : data.seo.canonical}>{text.showAll}</a>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * Links to the site's topic pages, facet by facet, in the header beside the language menu: folded
 * behind one word (on a topic page, with its topic's name), so that it takes no line of its own.
 */
function TopicMenu({ topics, label }: { topics: NonNullable<PageData['topics']>; label: string }) {
  return (
    <nav className="topic-menu" aria-label={label}>
      <details>
        <summary>
          {label}
          {topics.current !== null && `: ${topics.current.label}`}
        </summary>
        <div className="topic-menu__panel">
          {topics.facets.map(({ facet, label: facetLabel, topics: links }) => (
            <div key={facet} className="topic-menu__facet">
              <span className="topic-menu__facet-name" id={`topics-${facet}`}>
                {facetLabel}
              </span>
              <ul aria-labelledby={`topics-${facet}`}>
                {links.map((link) => (
                  <li key={link.slug}>
                    <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                      {link.label}
                    </a>
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

function PageComponent({ component, data, preloads }: LayoutProps & { component: ComponentDefinition }) {
  switch (component.type) {
    case 'richTextHeading':
      return <RichTextHeading id={component.id} settings={component.settings} />;
    case 'richText':
      return <RichText id={component.id} html={component.settings.html} />;
    case 'collectionGrid': {
      const preload = preloads[component.id] ?? null;
      return (
        <>
          {component.settings.searchable && <SearchForm id={component.id} data={data} preload={preload} />}
          {/* The grid's frame: the element the grid takes over in the browser (grid-island.tsx). */}
          <div className={`collection ${componentClass(component.id)}`} data-grid={component.id}>
            <CollectionGrid
              grid={markupDefinitionOf(component, data.basePath)}
              preload={preload}
              basePath={data.basePath}
              language={data.language}
              text={gridText(data.language)}
            />
          </div>
        </>
      );
    }
  }
}
