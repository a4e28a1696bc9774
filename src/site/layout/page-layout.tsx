/**
 * Renders a page definition: sections → columns on the 12-unit grid → components (spec §2.1).
 * Sizes and images the definition configures come from the page stylesheet (page-styles.ts).
 */
import { CollectionGrid, type GridPreload } from '../components/collection-grid';
import { RichText } from '../components/rich-text';
import { RichTextHeading } from '../components/rich-text-heading';
import type { ColumnDefinition, ComponentDefinition, SectionDefinition } from '../../page-model/page-definition';
import { FORM_FACTORS } from '../../shared/constants';
import type { PageData } from '../page-data';
import { markupDefinitionOf } from '../page-boot';
import { componentClass, sectionClass } from '../pages/page-styles';
import { gridText, pageText } from '../ui-text';
import { SiteFrame } from './site-frame';
import { FacetFilters } from './facet-filters';

interface LayoutProps {
  data: PageData;
  /** Each grid's preloaded pages with their cards already rendered (entry-server.tsx). */
  preloads: Record<string, GridPreload | null>;
}

export function PageLayout({ data, preloads }: LayoutProps) {
  return (
    <SiteFrame language={data.language} languages={data.languages} topics={data.topics} className="page">
      {data.page.sections.map((section) => (
        <Section key={section.id} section={section} data={data} preloads={preloads} />
      ))}
    </SiteFrame>
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
  const facets = data.facets;
  // What a page of choices is about: the choices made, else its topic.
  const chosen = facets?.facets.flatMap((facet) => facet.choices.filter((choice) => choice.chosen).map((choice) => choice.label)) ?? [];
  const about = chosen.length > 0 ? chosen.join(', ') : (topic?.label ?? '');
  return (
    <div className="collection-search" role="search" data-search={id}>
      {/* A topic page says which topic it shows, for every reader. */}
      {topic !== null && <h2 className="collection-search__topic">{topic.label}</h2>}
      <form method="get" className="collection-search__form" action={facets?.action}>
        <label htmlFor={`${id}-q`}>{topic === null ? text.search : `${text.search}: ${topic.label}`}</label>
        <div className="collection-search__field">
          <input id={`${id}-q`} type="search" name="q" defaultValue={search?.query ?? ''} maxLength={200} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="button button--primary">
            {text.searchButton}
          </button>
          {/* Beside the button, so that closed it takes no line of its own; open, its choices take one below. */}
          {facets !== undefined && <FacetFilters id={id} facets={facets} language={data.language} />}
        </div>
        {/* The choices made stay made when a query is sent (after it, as the page's addresses have them). */}
        {facets?.kept.map((kept) => (
          <input key={`${kept.name}=${kept.value}`} type="hidden" name={kept.name} value={kept.value} />
        ))}
      </form>
      {/* Always there, so that what it says after a search as-you-type is read out (search-box.ts). */}
      <p className="collection-search__status" role="status">
        {search && (
          <>
            {search.query === ''
              ? text.aboutTopic(total, about, search.more)
              : total === 0
                ? text.nothingFound(search.query)
                : search.more
                  ? text.foundMore(total, search.query)
                  : text.found(total, search.query)}{' '}
            <a href={search.query === '' ? (data.topics?.allHref ?? data.seo.canonical) : data.seo.canonical}>{text.showAll}</a>
          </>
        )}
      </p>
    </div>
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
              grid={markupDefinitionOf(component, data.basePath, data.sheetPages)}
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
