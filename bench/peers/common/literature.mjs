/**
 * The literature page's data, read straight from the SQLite store our server writes (read-only,
 * plain SQL), for the benchmark's peers. One copy lives here; bench/lib/peers.ts copies it into
 * each peer as generated/literature.mjs before building it, so each peer stays its own project.
 *
 * What it reads is what our server shows at `/`: the primary site, its page at path '/', that
 * page's sections (rich-text heading, rich text, collection grid with Show More), the grid's
 * collection in the site's default language, the items' images, the head tags (title,
 * description, canonical, hreflang alternates, Open Graph and Twitter Card, JSON-LD), the
 * header's menus (the site's topics from `topics`, the languages) and, for a searchable grid, its
 * search form's facets with their counts (tallied here from the entries our search index writes,
 * `search_entries.facets`). Like our server's data cache, the result is kept per content version
 * (store_state.content_version), so a render asks the store one small question.
 *
 * Environment: DATABASE_PATH (the SQLite file), SITE_URL (origin for absolute URLs),
 * BASE_PATH (default ''), PLATFORM_SITES_SEGMENT (default 'sfsites').
 */
import Database from 'better-sqlite3';

const MEDIA_VERSION_LENGTH = 12;
const MAX_PAGES = 100;
const IMAGE_CONTENT_TYPE = 'sfdc_cms__image';
const FORM_FACTORS = ['small', 'medium', 'large'];
const RESPONSIVE_WIDTHS = [640, 960, 1920];
const SMALL_MEDIA = '(max-width: 47.9375em)';
const SHARE_IMAGE = { width: 1200, height: 630 };
const SHEET_TYPE = 'literature_sheet';
/** The sheet type's fields with places of their own on a sheet: never a facet field. */
const SHAPED_FIELDS = new Set(['Title', 'description', 'url', 'image', 'documents', 'topics']);
/** The facet a sheet's topics are in, in the index's facets. */
const TOPIC_FACET = 'topic';
/** A field facet's choices shown at most, the most sheets first. */
const FIELD_CHOICES = 20;
/** The words our page says around its content (src/site/ui-text.ts), in the languages it ships. */
const UI_TEXT = {
  en: {
    item: (n) => `Item ${n}`,
    languages: 'Language',
    skipToContent: 'Skip to content',
    topics: 'Topics',
    search: 'Search the sheets',
    searchButton: 'Search',
    filters: 'Filter',
    sheetDetails: 'Details',
    facets: { process: 'Process', kind: 'Kind', element: 'Element' },
  },
  de: {
    item: (n) => `Eintrag ${n}`,
    languages: 'Sprache',
    skipToContent: 'Zum Inhalt springen',
    topics: 'Themen',
    search: 'Datenblätter durchsuchen',
    searchButton: 'Suchen',
    filters: 'Filtern',
    sheetDetails: 'Details',
    facets: { process: 'Verfahren', kind: 'Art', element: 'Element' },
  },
  fr: {
    item: (n) => `Élément ${n}`,
    languages: 'Langue',
    skipToContent: 'Aller au contenu',
    topics: 'Thèmes',
    search: 'Rechercher dans les fiches',
    searchButton: 'Rechercher',
    filters: 'Filtrer',
    sheetDetails: 'Détails',
    facets: { process: 'Procédé', kind: 'Type', element: 'Élément' },
  },
};

let store;
function db() {
  if (store === undefined) {
    const path = process.env.DATABASE_PATH;
    if (!path) throw new Error('DATABASE_PATH is not set');
    store = new Database(path, { readonly: true, fileMustExist: true });
    store.pragma('busy_timeout = 5000');
  }
  return store;
}

const statements = new Map();
function query(sql) {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = db().prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

const settings = () => ({
  origin: (process.env.SITE_URL ?? '').replace(/\/$/, ''),
  basePath: (process.env.BASE_PATH ?? '').replace(/\/$/, ''),
  segment: process.env.PLATFORM_SITES_SEGMENT || 'sfsites',
});

const toBcp47 = (language) => language.replace('_', '-');
const uiText = (language) => UI_TEXT[language.slice(0, 2).toLowerCase()] ?? UI_TEXT.en;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (entity, body) => {
    if (!body.startsWith('#')) return ENTITIES[body] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return String.fromCodePoint(code);
  });
/** Authored text without tags (the demo's texts hold none; a plain scanner is enough here). */
const stripTags = (text) => decodeEntities(String(text ?? '').replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>/g, ''));
const text = (value) => (typeof value === 'string' ? value : '');
const json = (value, fallback) => {
  try {
    return JSON.parse(value);
  } catch {
    return fallback;
  }
};

/** The store's content version: it moves on with every change a visitor could see. */
export function contentVersion() {
  return query("select value from store_state where key = 'content_version'").get()?.value ?? '0';
}

let cached = { version: null, entries: new Map() };
/** Memoized per content version (bounded: the keys are pages shown × origin). */
function memo(key, compute) {
  const version = contentVersion();
  if (cached.version !== version) cached = { version, entries: new Map() };
  let value = cached.entries.get(key);
  if (value === undefined) {
    value = compute();
    if (cached.entries.size < 500) cached.entries.set(key, value);
  }
  return value;
}

function siteContext() {
  const site = query('select * from sites order by created_at, id limit 1').get();
  if (site === undefined) throw new Error('The store has no site');
  const active = query('select language from site_languages where site_id = ? and is_active = 1 order by position, language')
    .all(site.id)
    .map((row) => row.language);
  return { site, languages: [site.default_language, ...active.filter((language) => language !== site.default_language)] };
}

function pageDefinition() {
  const row = query("select definition from pages where path = '/'").get();
  if (row === undefined) throw new Error('The store has no page at /');
  return JSON.parse(row.definition);
}

function findCollection(siteId, keyOrId) {
  return query('select * from collections where site_id = ? and (collection_key = ? or id = ?)').get(siteId, keyOrId, keyOrId);
}

/** A content's translation: the wanted language, else its primary language. */
function localized(content, language) {
  return (
    query('select * from content_translations where content_id = ? and language = ?').get(content.id, language) ??
    query('select * from content_translations where content_id = ? and language = ?').get(content.id, content.primary_language)
  );
}

/** An image reference's key → { url, altText, mimeType } (spec §3.1), or null. */
function resolveImage(siteId, reference, language) {
  const key = reference?.source?.ref?.contentKey;
  if (typeof key !== 'string') return null;
  const content = query('select * from contents where site_id = ? and content_key = ?').get(siteId, key);
  if (content === undefined || content.content_type !== IMAGE_CONTENT_TYPE) return null;
  const media = query('select mime_type, sha256 from media where content_id = ?').get(content.id);
  if (media === undefined) return null;
  const body = json(localized(content, language)?.body ?? '{}', {});
  const { segment } = settings();
  return {
    url: `/${segment}/c/cms/delivery/media/${encodeURIComponent(key)}?v=${media.sha256.slice(0, MEDIA_VERSION_LENGTH)}`,
    altText: text(body.altText),
    mimeType: media.mime_type,
  };
}

const isSitePath = (url) => url.startsWith('/') && !url.startsWith('//');
const withBasePath = (url) => (isSitePath(url) ? `${settings().basePath}${url}` : url);
/** A path in a language, with the base path: the default language has no segment. */
const localizedPath = (site, language, path) =>
  `${settings().basePath}${language === site.default_language ? '' : `/${toBcp47(language)}`}${path}`;

/**
 * Raster images get one resized source per form factor (the resizer's URL form, on this site);
 * vector ones scale by themselves. `image.url` is site-relative, without the base path.
 */
function sourcesOf(image) {
  if (image.mimeType === 'image/svg+xml' || image.mimeType === '' || !isSitePath(image.url)) return {};
  const { basePath } = settings();
  const srcSet = RESPONSIVE_WIDTHS.map((width) => `${basePath}/cdn-cgi/image/format=auto,onerror=redirect,fit=scale-down,width=${width}${image.url} ${width}w`);
  return { srcSet: srcSet.join(', '), sizes: `${SMALL_MEDIA} 100vw, 34vw` };
}

/** The collection's items [offset, offset + limit), each as a card shows it. */
function collectionItems(site, collection, language, offset, limit) {
  const rows = query(
    `select contents.* from collection_items join contents on contents.id = collection_items.content_id
     where collection_items.collection_id = ? and collection_items.position >= ? and collection_items.position < ?
     order by collection_items.position`,
  ).all(collection.id, offset, offset + limit);
  return rows.flatMap((content, index) => {
    const translation = localized(content, language);
    if (translation === undefined) return [];
    const body = json(translation.body, {});
    const image = resolveImage(site.id, body.image, language);
    const url = text(body.url);
    return [
      {
        position: offset + index + 1,
        title: stripTags(text(body.Title) || translation.title),
        description: stripTags(text(body.description)),
        href: url === '' ? '' : withBasePath(url),
        image: image === null ? null : { ...image, url: withBasePath(image.url), ...sourcesOf(image) },
        // The card's link to the sheet's own page, named by the sheet's title (as stored).
        sheet: { href: `${localizedPath(site, language, '/sheets/')}${encodeURIComponent(content.url_name)}`, title: translation.title },
      },
    ];
  });
}

function countItems(collection) {
  return query('select count(*) as total from collection_items where collection_id = ?').get(collection.id).total;
}

function collectionDescription(collection, language, site) {
  const translation = query('select metadata from collection_translations where collection_id = ? and language = ?').get(collection.id, language);
  const metadata = json(translation?.metadata ?? collection.metadata, {});
  const fallback = json(collection.metadata, {});
  const description = metadata.description ?? (language === site.default_language ? fallback.description : undefined);
  return typeof description === 'string' ? description : '';
}

/** The card settings a card needs, in the shape both peers render. */
function cardOf(settings, language) {
  const title = Number(settings.titleTag.slice(1));
  const description = Number(settings.descriptionTag.slice(1));
  return {
    imagePosition: settings.imagePosition,
    titleTag: settings.titleTag,
    titleStyle: settings.titleStyle,
    descriptionTag: settings.descriptionTag,
    descriptionStyle: settings.descriptionStyle,
    descriptionLevel: description > title + 1 ? title + 1 : undefined,
    primaryButton: { show: settings.primaryButton.show, label: stripTags(settings.primaryButton.label), style: settings.primaryButton.style },
    sheetLabel: uiText(language).sheetDetails,
  };
}

function gridsOf(definition) {
  return definition.sections.flatMap((section) => section.columns.flatMap((column) => column.components.filter((c) => c.type === 'collectionGrid')));
}

function languageName(language) {
  const tag = toBcp47(language);
  const label = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return label.charAt(0).toLocaleUpperCase(tag) + label.slice(1);
}

/** The `page` query parameter: how many pages of the grid to show (1 when absent or bad). */
export function pagesShownOf(value) {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(MAX_PAGES, Math.max(1, Number(value)));
}

/**
 * The page at '/' in the site's default language with `pagesShown` pages of each grid:
 * { lang, head, skipLink, topicMenu, languageMenu, sections } — everything the peers render,
 * already as text and URLs.
 */
export function literaturePage(pagesShown = 1) {
  const { origin } = settings();
  return memo(`page ${pagesShown} ${origin}`, () => buildPage(pagesShown));
}

function buildPage(pagesShown) {
  const { origin, basePath } = settings();
  const { site, languages } = siteContext();
  const language = site.default_language;
  const definition = pageDefinition();
  const pagePath = (lang) => localizedPath(site, lang, definition.path);
  const ownUrl = `${origin}${pagePath(language)}`;
  const text = uiText(language);
  const taxonomy = taxonomyOf(site.id);

  const grids = new Map();
  for (const grid of gridsOf(definition)) {
    const collection = findCollection(site.id, grid.input.collectionKeyOrId);
    const { pageSize } = grid.settings;
    const items = collection === undefined ? [] : collectionItems(site, collection, language, 0, pageSize * pagesShown);
    const total = collection === undefined ? 0 : countItems(collection);
    const lastToken = pagesShown - 1;
    const onLastPage = Math.max(0, items.length - lastToken * pageSize);
    const hasNext = onLastPage >= pageSize && (lastToken + 1) * pageSize !== total;
    const paginator = grid.settings.paginator;
    grids.set(grid.id, {
      id: grid.id,
      collectionKey: grid.input.collectionKeyOrId,
      pageSize,
      total,
      items,
      collection,
      card: cardOf(grid.settings.card, language),
      spacing: grid.settings.spacing,
      centered: grid.settings.centered,
      showBorder: grid.settings.showBorder,
      emptyMessage: grid.settings.emptyState.enabled && items.length === 0 ? grid.settings.emptyState.message : null,
      itemLabels: items.map((item) => text.item(item.position)),
      search: grid.settings.searchable ? searchFormOf(site, language, taxonomy, grid.id, definition.path) : null,
      showMore:
        paginator?.variant === 'showmore' && hasNext
          ? { label: stripTags(paginator.label), style: paginator.style, nextPage: pagesShown + 1, href: `?page=${pagesShown + 1}#item-${items.length + 1}` }
          : null,
    });
  }

  const firstGrid = grids.values().next().value;
  const description =
    decodeEntities(stripTags(definition.seo.description ?? '')).trim() ||
    (firstGrid?.collection === undefined ? '' : collectionDescription(firstGrid.collection, language, site));
  const title = stripTags(definition.seo.pageTitle);
  const absolute = (url) => (isSitePath(url) ? `${origin}${url}` : url);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: title,
    ...(description ? { description } : {}),
    url: ownUrl,
    inLanguage: toBcp47(language),
    isPartOf: { '@type': 'WebSite', name: site.name, url: `${origin}${basePath}/` },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: firstGrid?.total ?? 0,
      itemListElement: (firstGrid?.items ?? []).map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'DigitalDocument',
          name: item.title,
          ...(item.description ? { description: item.description } : {}),
          ...(item.href ? { url: absolute(item.href), encodingFormat: 'application/pdf' } : {}),
          ...(item.image ? { image: absolute(item.image.url) } : {}),
        },
      })),
    },
  };
  const alternates =
    languages.length <= 1
      ? []
      : [
          ...languages.map((lang) => ({ hreflang: toBcp47(lang), href: `${origin}${pagePath(lang)}` })),
          { hreflang: 'x-default', href: `${origin}${pagePath(language)}` },
        ];

  return {
    lang: toBcp47(language),
    basePath,
    head: {
      title,
      description,
      canonical: ownUrl,
      alternates,
      share: shareTags({
        title,
        description,
        url: ownUrl,
        siteName: site.name,
        locale: language,
        alternateLocales: languages.filter((lang) => lang !== language),
        image: shareImageOf(grids),
      }),
      jsonLd: JSON.stringify(structured).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    },
    skipLink: text.skipToContent,
    topicMenu:
      taxonomy.length === 0
        ? null
        : {
            label: text.topics,
            facets: topicFacets(taxonomy, language).map(({ facet, label, topics }) => ({
              id: `topics-${facet}`,
              label,
              topics: topics.map((topic) => ({ slug: topic.slug, label: topicLabel(topic, [language, site.default_language]), href: topicHref(site, language, topic) })),
            })),
          },
    languageMenu:
      languages.length <= 1
        ? null
        : {
            label: text.languages,
            current: { language: toBcp47(language), label: languageName(language) },
            entries: languages.map((lang) => ({ language: toBcp47(lang), label: languageName(lang), href: pagePath(lang), current: lang === language })),
          },
    sections: definition.sections.map((section) => ({
      id: section.id,
      className: `page-section ps-${section.id}`,
      backgroundAlt: section.background?.altText ? stripTags(section.background.altText) : null,
      columns: section.columns.map((column) => ({
        key: column.name,
        className: [
          'page-column',
          `page-column--width-${column.width}`,
          `page-column--align-${column.alignment ?? 'center'}`,
          ...(column.visibleOn === undefined ? [] : FORM_FACTORS.filter((size) => !column.visibleOn.includes(size)).map((size) => `hide-${size}`)),
        ].join(' '),
        components: column.components.map((component) => componentOf(component, grids)),
      })),
    })),
  };
}

/** The site's topics, in the taxonomy's order. */
function taxonomyOf(siteId) {
  return query('select slug, facet, labels from topics where site_id = ? order by position, slug')
    .all(siteId)
    .map((row) => ({ slug: row.slug, facet: row.facet, labels: json(row.labels, {}) }));
}

/** A topic's name in the first of `languages` that names it, else any, else its slug. */
function topicLabel(topic, languages) {
  for (const language of languages) {
    const label = topic.labels[language];
    if (typeof label === 'string' && label !== '') return label;
  }
  return Object.values(topic.labels).find((label) => typeof label === 'string' && label !== '') ?? topic.slug;
}

const topicHref = (site, language, topic) => localizedPath(site, language, `/topics/${topic.slug}`);

/** The taxonomy's facets (in the order of their first topics), each named in the language, with its topics. */
function topicFacets(taxonomy, language) {
  const names = uiText(language).facets;
  return [...new Set(taxonomy.map((topic) => topic.facet))].map((facet) => ({
    facet,
    label: names[facet] ?? facet.charAt(0).toUpperCase() + facet.slice(1),
    topics: taxonomy.filter((topic) => topic.facet === facet),
  }));
}

/** The sheet type's facet fields (`shows.facet`), in its order, named in the language. */
function facetFields(language) {
  const row = query('select field_schema from content_types where fully_qualified_name = ?').get(SHEET_TYPE);
  const schema = json(row?.field_schema ?? '{}', {});
  return Object.entries(schema)
    .filter(([name, field]) => !SHAPED_FIELDS.has(name) && name !== TOPIC_FACET && !field.retired && field.kind !== 'topics' && field.shows?.facet === true)
    .map(([name, field]) => {
      const labels = field.labels ?? {};
      return { name, label: labels[language] ?? labels.en_US ?? Object.values(labels)[0] ?? field.label ?? name };
    });
}

/** A facet value as a choice's key: the facet and the value normalised (case, widths, spaces). */
const choiceKey = (facet, value) => `${facet}:${value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * Every facet choice of the entries the site shows in a language (the facets our search index
 * writes for each sheet: its topics, the values of the facet fields), with the number of sheets
 * having it and its value as first written, in collection order: the counts with nothing chosen.
 */
function facetCounts(siteId, language) {
  const rows = query(
    `select e.facets, (select min(ci.position) from collection_items ci where ci.content_id = e.content_id) as rank
     from search_entries e where e.site_id = ? and instr(e.serves, ?) > 0
     order by rank is null, rank, e.id`,
  ).all(siteId, ` ${language} `);
  const choices = new Map();
  for (const row of rows) {
    for (const [facet, values] of Object.entries(json(row.facets, {}) ?? {})) {
      if (!Array.isArray(values)) continue;
      for (const value of values) {
        if (typeof value !== 'string') continue;
        const key = choiceKey(facet, value);
        if (key.endsWith(':')) continue;
        const choice = choices.get(key) ?? { key, facet, value: key.slice(facet.length + 1), label: value.trim(), count: 0 };
        choice.count += 1;
        choices.set(key, choice);
      }
    }
  }
  return choices;
}

/**
 * A searchable grid's search form: a GET form to the page (`?q=`; the peers search nothing) and
 * its facets, each choice a link with its count: a topic's to its topic page, a field value's to
 * the page with the value as a parameter (not for search engines). Choices no sheet has are left out.
 */
function searchFormOf(site, language, taxonomy, gridId, path) {
  const text = uiText(language);
  const locale = language.slice(0, 2);
  const pageHref = localizedPath(site, language, path);
  const counts = facetCounts(site.id, language);
  const countOf = (key) => counts.get(key)?.count ?? 0;
  const choiceOf = (key, label, href, nofollow) => ({ key, label, count: `(${countOf(key).toLocaleString(locale)})`, href, nofollow });
  const byTopic = topicFacets(taxonomy, language).map(({ facet, label, topics }) => ({
    id: `${gridId}-facet-topics-${facet}`,
    label,
    choices: topics
      .filter((topic) => countOf(choiceKey(TOPIC_FACET, topic.slug)) > 0)
      .map((topic) =>
        choiceOf(choiceKey(TOPIC_FACET, topic.slug), topicLabel(topic, [language, site.default_language]), topicHref(site, language, topic), false),
      ),
  }));
  const fields = facetFields(language);
  const byField = fields.map((field) => ({
    id: `${gridId}-facet-${field.name}`,
    label: field.label,
    choices: [...counts.values()]
      .filter((choice) => choice.facet === field.name)
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, locale))
      .slice(0, FIELD_CHOICES)
      .map((choice) => choiceOf(choice.key, choice.label, `${pageHref}?${new URLSearchParams([[field.name, choice.value]])}`, true)),
  }));
  const facets = [...byTopic, ...byField].filter((facet) => facet.choices.length > 0);
  return {
    inputId: `${gridId}-q`,
    label: text.search,
    button: text.searchButton,
    action: pageHref,
    // As ours: no disclosure when the site has neither topics nor facet fields.
    facets: taxonomy.length === 0 && fields.length === 0 ? null : { label: text.filters, groups: facets },
  };
}

/** The first raster image the page's first grid shows, as a shared link shows it: a JPEG the resizer pads to the size (shareImageUrl in src/shared/images.ts). */
function shareImageOf(grids) {
  const { origin, basePath } = settings();
  const [grid] = grids.values();
  const image = grid?.items.find((item) => item.image !== null && item.image.mimeType !== 'image/svg+xml')?.image;
  if (image === undefined) return null;
  const path = basePath !== '' && image.url.startsWith(`${basePath}/`) ? image.url.slice(basePath.length) : image.url;
  const { width, height } = SHARE_IMAGE;
  return { url: `${origin}${basePath}/cdn-cgi/image/format=jpeg,fit=pad,width=${width},height=${height}${path}`, alt: stripTags(image.altText) };
}

/** Open Graph and Twitter Card tags, each `{ property | name, content }` (none without content). */
function shareTags({ title, description, url, siteName, locale, alternateLocales, image }) {
  const tags = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:site_name', siteName],
    ['property', 'og:locale', locale],
    ...alternateLocales.map((alternate) => ['property', 'og:locale:alternate', alternate]),
    ...(image === null
      ? []
      : [
          ['property', 'og:image', image.url],
          ['property', 'og:image:type', 'image/jpeg'],
          ['property', 'og:image:width', String(SHARE_IMAGE.width)],
          ['property', 'og:image:height', String(SHARE_IMAGE.height)],
          ['property', 'og:image:alt', image.alt],
        ]),
    ['name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(image === null ? [] : [['name', 'twitter:image', image.url], ['name', 'twitter:image:alt', image.alt]]),
  ];
  return tags.filter(([, , content]) => content !== '').map(([attribute, key, content]) => ({ [attribute]: key, content }));
}

function componentOf(component, grids) {
  if (component.type === 'richTextHeading') {
    const { tag, bold, text: heading } = component.settings;
    return { type: 'heading', id: component.id, tag, className: ['rich-text-heading', `pc-${component.id}`, bold ? 'is-bold' : ''].filter(Boolean).join(' '), text: stripTags(heading) };
  }
  if (component.type === 'richText') return { type: 'richText', id: component.id, className: `rich-text pc-${component.id}`, html: component.settings.html };
  const grid = grids.get(component.id);
  const { collection: _collection, ...rest } = grid;
  return {
    type: 'grid',
    ...rest,
    className: `collection pc-${component.id}`,
    listClassName: [
      'collection-grid',
      `collection-grid--spacing-${grid.spacing}`,
      grid.centered ? 'collection-grid--centered' : '',
      grid.showBorder ? 'collection-grid--bordered' : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * One more page of a grid for Show More: page `page` (counted from 1) of the first grid, as cards,
 * with the next page's number (or null) — what the peers' own /api/items endpoint answers.
 */
export function itemsPage(page) {
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(String(page), 10) || 1));
  return memo(`items ${pageNumber}`, () => {
    const { site } = siteContext();
    const [grid] = gridsOf(pageDefinition());
    if (grid === undefined) return { items: [], labels: [], nextPage: null };
    const collection = findCollection(site.id, grid.input.collectionKeyOrId);
    if (collection === undefined) return { items: [], labels: [], nextPage: null };
    const { pageSize } = grid.settings;
    const items = collectionItems(site, collection, site.default_language, (pageNumber - 1) * pageSize, pageSize);
    const total = countItems(collection);
    return {
      items,
      labels: items.map((item) => uiText(site.default_language).item(item.position)),
      nextPage: items.length === pageSize && pageNumber * pageSize < total ? pageNumber + 1 : null,
    };
  });
}

/**
 * The file behind a resizer URL's path (/{segment}/c/cms/delivery/media/{key}), as it is: the
 * peers do not resize, so a raster image reaches the browser at its stored size.
 */
export function mediaFileOfPath(path) {
  const match = /^\/[^/]+\/c\/cms\/delivery\/media\/([^/?]+)$/.exec(path);
  return match === null ? undefined : mediaFile(decodeURIComponent(match[1]));
}

/** An image's file by content key (what /{segment}/c/cms/delivery/media/{key} serves). */
export function mediaFile(contentKey) {
  return query('select media.mime_type, media.sha256, media.bytes from media join contents on contents.id = media.content_id where contents.content_key = ?').get(
    contentKey,
  );
}
