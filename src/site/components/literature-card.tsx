/**
 * One literature sheet as a card (spec §2.2): image left at a third of the width, title (h1,
 * heading-large, bold, centred), description (h3, heading-medium, centred), a "Read More" button,
 * and the whole card linking to the item's url.
 */
import type { Ref } from 'react';
import { resolveLink } from '../../shared/links';
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

interface LiteratureCardProps {
  item: GridItem;
  settings: CardSettings;
  basePath: string;
  ref?: Ref<HTMLDivElement>;
}

export function LiteratureCard({ item, settings, basePath, ref }: LiteratureCardProps) {
  const { title, description, href, image } = readCardFields(item);
  const position = item.index + 1;
  const showPrimary = settings.primaryButton.show && href !== '';
  // The secondary button shows only when its display is on and it has a target (spec §2.2).
  const secondaryHref = settings.secondaryButton.show ? resolveLink(settings.secondaryButton.target?.attributes.url, basePath).href : '';
  const className = [
    'card',
    `card--image-${settings.imagePosition}`,
    `card--fit-${settings.imageFit}`,
    settings.borderWidth === '0' ? '' : 'card--bordered',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // spec §2.3: each item is a focusable group labelled by its position, counted from 1.
    <div ref={ref} className={className} role="group" aria-label={`Item ${position}`} tabIndex={-1} id={`item-${position}`}>
      <div className="card__media">
        {image && <img className="card__image" src={image.url} alt={image.altText} width={480} height={360} loading="eager" decoding="async" />}
      </div>
      <div className="card__content">
        <h1 className="card__title heading-large">
          {href ? (
            // The title link stretches over the card, so the whole card opens the item (spec §2.2).
            <a className="card__link" href={href}>
              {title}
            </a>
          ) : (
            title
          )}
        </h1>
        {/* aria-level keeps the outline h1 → 2 for assistive technology (docs/decisions/002). */}
        <h3 className="card__description heading-medium" aria-level={2}>
          {description}
        </h3>
        {(showPrimary || secondaryHref) && (
          <div className="card__buttons">
            {showPrimary && (
              <a className="button button--primary" href={href}>
                {stripTags(settings.primaryButton.label)}
                <span className="visually-hidden">: {title}</span>
              </a>
            )}
            {secondaryHref && (
              <a className="button button--secondary" href={secondaryHref}>
                {stripTags(settings.secondaryButton.label)}
              </a>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
