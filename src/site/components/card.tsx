/**
 * One collection item as a card (spec §2.2, §9): the image beside the content at the configured
 * share, the title and description in their configured tags and text styles, a primary button to
 * the item's url, an optional secondary button, and the whole card linking to the item's url.
 * Sizes, borders and colours come from the page stylesheet (page-styles.ts).
 */
import type { ReactNode, Ref } from 'react';
import { DEFAULT_IMAGE_LOADING, FORM_FACTOR_MEDIA, isSiteImageUrl, responsiveSrcSet } from '../../shared/images';
import { bindItemFields } from '../../shared/rich-text';
import { languageNameIn, languageTag } from '../../shared/languages';
import { NEW_WINDOW_ATTRIBUTES, opensInNewWindow } from '../../shared/links';
import { stripTags } from '../../shared/text';
import type { CardMarkupSettings } from '../page-data';
import type { GridItem } from './grid-items';

/** spec §3.2: the image info handed to a card. */
export interface ImageInfoV1 {
  url: string;
  altText: string;
  contentKey: string;
  contentType: string;
}

interface CardFields {
  title: string;
  description: string;
  href: string;
  imageInfoV1: ImageInfoV1 | null;
}

/** Reads the fields of spec §3.1 from an item whose url fields are already site URLs. */
export function readCardFields(item: GridItem): CardFields {
  const body = item.data.body;
  const fields = body.contentBody;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const image = fields.image !== null && typeof fields.image === 'object' ? (fields.image as Record<string, unknown>) : null;
  // Images come from the site itself (as in rich text): another host's image would let it watch visitors.
  const imageUrl = image === null || !isSiteImageUrl(text(image.url)) ? '' : text(image.url);
  return {
    title: stripTags(text(fields.Title) || body.title),
    description: stripTags(text(fields.description)),
    href: text(fields.url),
    imageInfoV1:
      imageUrl === ''
        ? null
        : { url: imageUrl, altText: stripTags(text(image?.altText)), contentKey: text(image?.contentKey), contentType: text(image?.mimeType) },
  };
}

/** Raster site images get optimised sources per form factor; vector ones scale by themselves. */
function sourcesOf(image: ImageInfoV1, basePath: string): { srcSet?: string; sizes?: string } {
  if (image.contentType === 'image/svg+xml' || image.contentType === '') return {};
  const entries = responsiveSrcSet(image.url, basePath);
  if (entries.length === 0) return {};
  return { srcSet: entries.map((entry) => entry.srcSet).join(', '), sizes: `${FORM_FACTOR_MEDIA.Small} 100vw, 34vw` };
}

/**
 * The description's level for assistive technology: one below the title when its tag would skip
 * levels (h1 → h3), so the outline stays continuous (docs/decisions/002).
 */
function outlineLevel(titleTag: string, descriptionTag: string): number | undefined {
  const title = Number(titleTag.slice(1));
  return Number(descriptionTag.slice(1)) > title + 1 ? title + 1 : undefined;
}

interface CardProps {
  item: GridItem;
  settings: CardMarkupSettings;
  basePath: string;
  /** The group's accessible name, built from the item's position counted from 1 (spec §2.3). */
  label: string;
  /** The page's language: an item not translated into it says which language it is in. */
  language: string;
  /** Shown after the description: the item's values of the fields cards show (card-values.tsx), a search result's passage (search-passage.tsx). */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

export function Card({ item, settings, basePath, label, language, children, ref }: CardProps) {
  const { title, description, href, imageInfoV1: image } = readCardFields(item);
  const position = item.index + 1;
  const Title = settings.titleTag;
  const Description = settings.descriptionTag;
  const showPrimary = settings.primaryButton.show && href !== '';
  // A link into another language than the page's says so: one the translation takes from its
  // primary language's, and an untranslated item's own (its document is in the item's language).
  const leadsTo = item.data.linkLanguage ?? item.data.language;
  const linkLanguage = leadsTo !== language ? leadsTo : null;
  const linkLanguageAttributes = linkLanguage === null ? {} : { hrefLang: languageTag(linkLanguage) };
  // spec §5.1: an item's mailto: or tel: link opens a new window, as every such link does.
  const itemLinkTarget = opensInNewWindow(href) ? NEW_WINDOW_ATTRIBUTES : {};
  // The secondary button shows only when its display is on and it has a valid target (spec §2.2).
  const secondary = settings.secondaryButton.show ? settings.secondaryButton.link : { href: '', opensNewWindow: false };
  return (
    // spec §2.3: each item is a focusable group labelled by its position, counted from 1.
    <div
      ref={ref}
      className={`card card--image-${settings.imagePosition}`}
      role="group"
      aria-label={label}
      tabIndex={-1}
      id={`item-${position}`}
      lang={item.data.language === language ? undefined : languageTag(item.data.language)}
    >
      {/* A card without an image gives the image's share to its content. */}
      {image && (
        <div className="card__media">
          {/* React's server renderer writes a preload link for each eager image outside a <picture>
              (up to ten per render); these are already early in the document, so the wrapper keeps
              the HTML from naming every image twice. It takes no part in the layout (site.css). */}
          <picture>
            <img
              className="card__image"
              src={image.url}
              {...sourcesOf(image, basePath)}
              alt={image.altText}
              width={480}
              height={360}
              loading={DEFAULT_IMAGE_LOADING}
              decoding="async"
            />
          </picture>
        </div>
      )}
      <div className="card__content">
        <Title className={`card__title ${settings.titleStyle}`}>
          {href ? (
            // The title link stretches over the card, so the whole card opens the item (spec §2.2).
            <a className="card__link" href={href} {...itemLinkTarget} {...linkLanguageAttributes}>
              {title}
            </a>
          ) : (
            title
          )}
        </Title>
        <Description className={`card__description ${settings.descriptionStyle}`} aria-level={outlineLevel(settings.titleTag, settings.descriptionTag)}>
          {description}
        </Description>
        {children}
        {settings.detailsHtml ? (
          // Sanitised when the page was loaded; item values are bound in as escaped text.
          <div
            className="card__details"
            dangerouslySetInnerHTML={{ __html: bindItemFields(settings.detailsHtml, item.data as unknown as Record<string, unknown>) }}
          />
        ) : null}
        {(showPrimary || secondary.href !== '') && (
          <div className="card__buttons">
            {showPrimary && (
              <a className={`button button--${settings.primaryButton.style}`} href={href} {...itemLinkTarget} {...linkLanguageAttributes}>
                {stripTags(settings.primaryButton.label)}
                <span className="visually-hidden">: {title}</span>
                {linkLanguage !== null && (
                  // In the page's language, inside a card that may be in another.
                  <span className="card__link-language" lang={item.data.language === language ? undefined : languageTag(language)}>
                    {` (${languageNameIn(linkLanguage, languageTag(language))})`}
                  </span>
                )}
              </a>
            )}
            {secondary.href !== '' && (
              <a
                className={`button button--${settings.secondaryButton.style}`}
                href={secondary.href}
                {...(secondary.opensNewWindow ? NEW_WINDOW_ATTRIBUTES : {})}
              >
                {stripTags(settings.secondaryButton.label)}
              </a>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
