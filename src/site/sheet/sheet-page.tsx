/**
 * A sheet's own page (docs/search.md, "A page per sheet"): for search engines and for sharing, the
 * sheet's title, image, description, its document with size and language, its topics and related
 * sheets. Server-rendered without script; the cards of the grid keep linking to the sheet's url.
 */
import { FORM_FACTOR_MEDIA, isSiteImageUrl, responsiveSrcSet } from '../../shared/images';
import { dateFormat, displayNames, numberFormat } from '../../shared/intl-formats';
import { languageNameIn, languageTag } from '../../shared/languages';
import { NEW_WINDOW_ATTRIBUTES, opensInNewWindow } from '../../shared/links';
import { SiteFrame } from '../layout/site-frame';
import type { PageLanguage, TopicLink, TopicsView } from '../page-data';
import { pageText } from '../ui-text';
import type { DocumentKind } from '../../sheet/shape';

export interface SheetPageData {
  basePath: string;
  /** The page's language. */
  language: string;
  languages: PageLanguage[];
  topics: TopicsView | undefined;
  sheet: SheetView;
  related: RelatedSheet[];
}

export interface SheetView {
  title: string;
  description: string;
  /** The language the sheet's texts are in: the page's, or its fallback's for an untranslated sheet. */
  textLanguage: string;
  image: { url: string; altText: string; mimeType: string } | null;
  /** The sheet's PDF on this site, with its size in bytes and the language it is written in. */
  document: SheetDocumentLink | null;
  /** The sheet's other current documents: its set's (other languages, safety data sheets…), and other languages' links. */
  otherDocuments: SheetDocumentLink[];
  /** Where the sheet's url leads when it is not a document of this site; null otherwise. */
  link: string | null;
  topics: TopicLink[];
  /** The sheet's values of the fields its type shows on its page (CAS number, formula…), labelled in the page's language. */
  properties: SheetProperty[];
}

export interface SheetDocumentLink {
  href: string;
  byteSize: number;
  /** The language it is written in. */
  language: string;
  version: number;
  /** When this version was published, as an ISO date. */
  publishedAt: string;
  /** What its editor said of it, when it is one of the sheet's set (sheet/documents.ts). */
  kind?: DocumentKind;
  region?: string;
  revision?: string;
  revisedOn?: string;
}

export interface SheetProperty {
  name: string;
  label: string;
  /** The value as the page's reader reads it: a number as their language writes it, with its unit. */
  value: string;
  /** The value as machines read it (structured data): a number as a number, its unit apart; else the text shown. */
  data: { value: string | number; unit?: string };
  /** The value's language when it is not the page's (a field per language whose text is the fallback's). */
  language?: string;
}

export interface RelatedSheet {
  title: string;
  href: string;
  textLanguage: string;
}

export function SheetPage({ data }: { data: SheetPageData }) {
  const { sheet, language } = data;
  const text = pageText(language);
  const tag = languageTag(language);
  const textLang = sheet.textLanguage === language ? undefined : languageTag(sheet.textLanguage);
  return (
    <SiteFrame language={language} languages={data.languages} topics={data.topics} className="sheet-page">
      <article className="sheet">
        <h1 className="sheet__title" lang={textLang}>
          {sheet.title}
        </h1>
        <div className="sheet__body">
          {sheet.image !== null && <SheetImage image={sheet.image} basePath={data.basePath} lang={textLang} />}
          <div className="sheet__content">
            {sheet.description !== '' && (
              <p className="sheet__description" lang={textLang}>
                {sheet.description}
              </p>
            )}
            {sheet.properties.length > 0 && (
              <>
                <h2 className="visually-hidden">{text.properties}</h2>
                <dl className="sheet__properties">
                  {sheet.properties.map((property) => (
                    <div key={property.name}>
                      <dt>{property.label}</dt>
                      <dd lang={property.language === undefined ? undefined : languageTag(property.language)}>{property.value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
            {sheet.document !== null && (
              <p className="sheet__document">
                <a className="button button--primary" href={sheet.document.href} type="application/pdf" hrefLang={languageTag(sheet.document.language)}>
                  {sheet.document.kind === undefined ? text.document : `${text.documentKinds[sheet.document.kind]} (PDF)`}
                </a>
                <span className="sheet__document-facts">{factsOf(sheet.document, text, tag, true)}</span>
              </p>
            )}
            {sheet.otherDocuments.length > 0 && (
              <>
                <h2 className="sheet__documents-heading">{text.moreDocuments}</h2>
                <ul className="sheet__documents">
                  {sheet.otherDocuments.map((document) => (
                    <li key={document.href}>
                      <a href={document.href} type="application/pdf" hrefLang={languageTag(document.language)}>
                        {text.documentKinds[document.kind ?? 'data-sheet']} ({languageNameIn(document.language, tag)})
                      </a>{' '}
                      <span className="sheet__document-facts">{factsOf(document, text, tag, false)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {sheet.link !== null && (
              <p className="sheet__document">
                <a className="button button--primary" href={sheet.link} {...(opensInNewWindow(sheet.link) ? NEW_WINDOW_ATTRIBUTES : {})}>
                  {text.openSheet}
                </a>
              </p>
            )}
            {sheet.topics.length > 0 && (
              <ul className="sheet__topics" aria-label={text.topics}>
                {sheet.topics.map((topic) => (
                  <li key={topic.slug}>
                    <a href={topic.href}>{topic.label}</a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </article>
      {data.related.length > 0 && (
        <section className="sheet-related" aria-labelledby="related">
          <h2 id="related">{text.related}</h2>
          <ul>
            {data.related.map((related) => (
              <li key={related.href} lang={related.textLanguage === language ? undefined : languageTag(related.textLanguage)}>
                <a href={related.href}>{related.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="sheet-page__all">
        <a href={data.topics?.allHref ?? `${data.basePath}/`}>{text.showAll}</a>
      </p>
    </SiteFrame>
  );
}

function SheetImage({ image, basePath, lang }: { image: NonNullable<SheetView['image']>; basePath: string; lang: string | undefined }) {
  if (!isSiteImageUrl(image.url)) return null;
  // Raster images get optimised sources; vector ones scale by themselves.
  const sources = image.mimeType === 'image/svg+xml' ? [] : responsiveSrcSet(image.url, basePath);
  return (
    <img
      className="sheet__image"
      src={image.url}
      alt={image.altText}
      lang={lang}
      {...(sources.length > 0 ? { srcSet: sources.map((entry) => entry.srcSet).join(', '), sizes: `${FORM_FACTOR_MEDIA.Small} 100vw, 24rem` } : {})}
    />
  );
}

/**
 * 'PDF, 245 KB, German, Germany, revision 4 of 12 March 2026' in the page's language: the revision
 * its editor gave it, else its version on the site and the day it was published.
 */
function factsOf(document: SheetDocumentLink, text: ReturnType<typeof pageText>, tag: string, withLanguage: boolean): string {
  const day = (date: Date) => dateFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const revised = document.revisedOn === undefined ? undefined : day(new Date(`${document.revisedOn}T00:00:00Z`));
  const when =
    document.revision === undefined && revised === undefined
      ? text.documentVersion(document.version, day(new Date(document.publishedAt)))
      : text.documentRevision(document.revision, revised);
  return [
    'PDF',
    fileSize(document.byteSize, tag),
    ...(withLanguage ? [languageNameIn(document.language, tag)] : []),
    ...(document.region === undefined ? [] : [regionNameIn(document.region, tag)]),
    when,
  ].join(', ');
}

/** 'Germany', 'European Union', as the page's language names them; the code when it cannot. */
function regionNameIn(region: string, tag: string): string {
  try {
    return displayNames(tag, { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** '245 KB', '1.2 MB', as the page's language writes them. */
function fileSize(bytes: number, tag: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return numberFormat(tag, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
