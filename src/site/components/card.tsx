/**
 * One collection item as a card (spec §2.2, §9): the image beside the content at the configured
 * share, the title and description in their configured tags and text styles, a primary button to
 * the item's url, an optional secondary button, and the whole card linking to the item's url.
 * Sizes, borders and colours come from the page stylesheet (page-styles.ts).
 */
import type { Ref } from 'react';
import { resolvePageReference } from '../../shared/page-references';
import { stripTags } from '../../shared/text';
import type { CardSettings } from '../pages/page-definition';
import type { GridItem } from './grid-items';

interface CardFields {
  title: string;
  description: string;
  href: string;
  image: { url: string; altText: string } | null;
}

/** Reads the fields of spec §3.1 from an item whose url fields are already site URLs. */
export function readCardFields(item: GridItem): CardFields {
  const body = item.data.body;
  const fields = body.contentBody;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const image = fields.image !== null && typeof fields.image === 'object' ? (fields.image as Record<string, unknown>) : null;
  const imageUrl = image === null ? '' : text(image.url);
  return {
    title: stripTags(text(fields.Title) || body.title),
    description: stripTags(text(fields.description)),
    href: text(fields.url),
    image: imageUrl === '' ? null : { url: imageUrl, altText: stripTags(text(image?.altText)) },
  };
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
  settings: CardSettings;
  basePath: string;
  ref?: Ref<HTMLDivElement>;
}

export function Card({ item, settings, basePath, ref }: CardProps) {
  const { title, description, href, image } = readCardFields(item);
  const position = item.index + 1;
  const Title = settings.titleTag;
  const Description = settings.descriptionTag;
  const showPrimary = settings.primaryButton.show && href !== '';
  // The secondary button shows only when its display is on and it has a target (spec §2.2).
  const secondary = settings.secondaryButton.show ? resolvePageReference(settings.secondaryButton.target, basePath) : { href: '', opensNewWindow: false };
  return (
    // spec §2.3: each item is a focusable group labelled by its position, counted from 1.
    <div ref={ref} className={`card card--image-${settings.imagePosition}`} role="group" aria-label={`Item ${position}`} tabIndex={-1} id={`item-${position}`}>
      <div className="card__media">
        {image && <img className="card__image" src={image.url} alt={image.altText} width={480} height={360} loading="eager" decoding="async" />}
      </div>
      <div className="card__content">
        <Title className={`card__title ${settings.titleStyle}`}>
          {href ? (
            // The title link stretches over the card, so the whole card opens the item (spec §2.2).
            <a className="card__link" href={href}>
              {title}
            </a>
          ) : (
            title
          )}
        </Title>
        <Description className={`card__description ${settings.descriptionStyle}`} aria-level={outlineLevel(settings.titleTag, settings.descriptionTag)}>
          {description}
        </Description>
        {(showPrimary || secondary.href !== '') && (
          <div className="card__buttons">
            {showPrimary && (
              <a className={`button button--${settings.primaryButton.style}`} href={href}>
                {stripTags(settings.primaryButton.label)}
                <span className="visually-hidden">: {title}</span>
              </a>
            )}
            {secondary.href !== '' && (
              <a
                className={`button button--${settings.secondaryButton.style}`}
                href={secondary.href}
                {...(secondary.opensNewWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
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
