/**
 * One literature sheet as a card, the same markup our server renders (src/site/components/card.tsx)
 * for the settings the demo page uses: the image (if any), title, description, the link to the
 * sheet's own page and the primary button. Shared by the Next.js page and by both peers' Show More.
 */
export function Card({ item, card, label }) {
  const Title = card.titleTag;
  const Description = card.descriptionTag;
  const image = item.image;
  return (
    <div className={`card card--image-${card.imagePosition}`} role="group" aria-label={label} tabIndex={-1} id={`item-${item.position}`}>
      {image && (
        <div className="card__media">
          {/* As in ours: inside <picture>, React writes no preload link for the eager image. */}
          <picture>
            <img
              className="card__image"
              src={image.url}
              srcSet={image.srcSet}
              sizes={image.sizes}
              alt={image.altText}
              width={480}
              height={360}
              loading="eager"
              decoding="async"
            />
          </picture>
        </div>
      )}
      <div className="card__content">
        <Title className={`card__title ${card.titleStyle}`}>
          {item.href ? (
            <a className="card__link" href={item.href}>
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </Title>
        <Description className={`card__description ${card.descriptionStyle}`} aria-level={card.descriptionLevel}>
          {item.description}
        </Description>
        {item.sheet && (
          <div className="card__details">
            <p className="card__sheet">
              <a href={item.sheet.href}>
                {card.sheetLabel}
                <span className="visually-hidden">: {item.sheet.title}</span>
              </a>
            </p>
          </div>
        )}
        {card.primaryButton.show && item.href !== '' && (
          <div className="card__buttons">
            <a className={`button button--${card.primaryButton.style}`} href={item.href}>
              {card.primaryButton.label}
              <span className="visually-hidden">: {item.title}</span>
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
