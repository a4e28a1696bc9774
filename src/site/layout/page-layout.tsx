/**
 * Renders a page definition: sections → columns on the 12-unit grid → components (spec §2.1).
 */
import type { ColumnDefinition, ComponentDefinition, PageDefinition } from '../pages/page-definition';
import type { PageData } from '../page-data';
import { CollectionGrid } from '../components/collection-grid';
import { RichTextHeading } from '../components/rich-text-heading';

export function PageLayout({ page, data }: { page: PageDefinition; data: PageData }) {
  return (
    <main className="page" id="main">
      {page.sections.map((section) => (
        <section key={section.id} className="page-section">
          <div className="page-section__columns">
            {section.columns.map((column) => (
              <Column key={column.name} column={column} data={data} />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}

function Column({ column, data }: { column: ColumnDefinition; data: PageData }) {
  return (
    <div className={`page-column page-column--width-${column.width}`}>
      {column.components.map((component) => (
        <PageComponent key={component.id} component={component} data={data} />
      ))}
    </div>
  );
}

function PageComponent({ component, data }: { component: ComponentDefinition; data: PageData }) {
  switch (component.type) {
    case 'richTextHeading':
      return <RichTextHeading settings={component.settings} />;
    case 'collectionGrid':
      return (
        <CollectionGrid
          settings={component.settings}
          preload={data.collections[component.id] ?? null}
          basePath={data.basePath}
          siteId={data.siteId}
          language={data.language}
        />
      );
  }
}
