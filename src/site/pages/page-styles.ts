/**
 * The stylesheet a page definition implies: every configured size, colour and image becomes a
 * rule for the component's own class (`pc-{id}`, sections `ps-{id}`). It is served as a file with
 * a content hash in its name, so the Content-Security-Policy needs no inline styles at all. Values
 * were checked by validate-page.ts (lengths, colours, positions), and URLs are resolved with the
 * link rules and escaped, so nothing authored can break out of its declaration.
 */
import { isImageDataUri, resolveLink } from '../../shared/links';
import { DESKTOP_MIN_WIDTH, MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH, TABLET_MIN_WIDTH } from '../../shared/constants';
import type { CollectionGridDefinition, FormFactor, PageDefinition, SectionDefinition, Spacing } from '../../page-model/page-definition';

export const MEDIA_QUERIES: Record<FormFactor, string> = {
  small: `(max-width: ${MOBILE_MAX_WIDTH})`,
  medium: `(min-width: ${TABLET_MIN_WIDTH}) and (max-width: ${TABLET_MAX_WIDTH})`,
  large: `(min-width: ${DESKTOP_MIN_WIDTH})`,
};

const SPACING_VALUES: Record<Spacing, string> = {
  'x-large': '2rem',
  large: '1.5rem',
  medium: '1rem',
  small: '0.75rem',
  'xx-small': '0.25rem',
  none: '0',
};

export const componentClass = (id: string) => `pc-${id}`;
export const sectionClass = (id: string) => `ps-${id}`;

/** A URL inside url("…"): only site links and raster data URIs, with quotes and newlines escaped. */
function cssUrl(url: string, basePath: string): string | null {
  const href = isImageDataUri(url) ? url : resolveLink(url, basePath).href;
  if (href === '' || href.startsWith('mailto:') || href.startsWith('tel:')) return null;
  return `url("${href.replace(/[\\"\n\r\f]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}")`;
}

export function buildPageStyles(page: PageDefinition, basePath: string): string {
  const rules: string[] = [];
  for (const section of page.sections) {
    rules.push(...sectionRules(section, basePath));
    for (const column of section.columns) {
      for (const component of column.components) {
        if (component.type === 'richTextHeading') {
          const { fontSize, alignment } = component.settings;
          rules.push(`.${componentClass(component.id)}{font-size:${fontSize};${alignment ? `text-align:${alignment};` : ''}}`);
        } else if (component.type === 'collectionGrid') {
          rules.push(...gridRules(component));
        }
      }
    }
  }
  return rules.join('\n') + '\n';
}

function sectionRules(section: SectionDefinition, basePath: string): string[] {
  const rules: string[] = [];
  const scope = `.${sectionClass(section.id)}`;
  for (const [size, direction] of Object.entries(section.direction ?? {}) as Array<[FormFactor, string]>) {
    // A column direction stacks every column full width; a row direction puts them side by side.
    const columnRule =
      direction === 'column'
        ? `${scope} .page-column{grid-column:span 12}`
        : section.columns.map((column, index) => `${scope} .page-column:nth-child(${index + 1}){grid-column:span ${column.width}}`).join('');
    rules.push(`@media ${MEDIA_QUERIES[size]}{${columnRule}}`);
  }
  const background = section.background;
  if (background !== undefined) {
    const declarations = [
      background.position ? `background-position:${background.position}` : 'background-position:center center',
      background.sizeOrRepeat === undefined
        ? 'background-size:cover'
        : /repeat|space|round/.test(background.sizeOrRepeat)
          ? `background-repeat:${background.sizeOrRepeat}`
          : `background-size:${background.sizeOrRepeat};background-repeat:no-repeat`,
    ];
    const url = background.url === undefined ? null : cssUrl(background.url, basePath);
    rules.push(`${scope}{position:relative;${url ? `background-image:${url};` : ''}${declarations.join(';')}}`);
    for (const [size, source] of Object.entries(background.srcSet ?? {}) as Array<[FormFactor, string]>) {
      const sized = cssUrl(source, basePath);
      if (sized) rules.push(`@media ${MEDIA_QUERIES[size]}{${scope}{background-image:${sized}}}`);
    }
    if (background.overlayColour)
      rules.push(
        `${scope}::before{content:"";position:absolute;inset:0;background:${background.overlayColour};pointer-events:none}${scope}>*{position:relative}`,
      );
  }
  return rules;
}

function gridRules(grid: CollectionGridDefinition): string[] {
  const scope = `.${componentClass(grid.id)}`;
  const { settings } = grid;
  const card = settings.card;
  const group = card.buttonGroup;
  return [
    `${scope} .collection-grid{grid-template-columns:repeat(${settings.columns},minmax(0,1fr));gap:${SPACING_VALUES[settings.spacing]};width:${settings.widthPercent}%}`,
    `${scope} .card{border-radius:${card.borderRadius};${card.borderWidth === '0' ? 'border:0' : `border:${card.borderWidth} solid ${card.borderColour}`}}`,
    `${scope} .card__media{flex:0 0 ${card.imageWidthPercent}%;width:${card.imageWidthPercent}%}`,
    `${scope} .card__image{object-fit:${card.imageFit};object-position:${card.imagePositionInFrame}}`,
    `${scope} .card__content{width:${card.contentWidthPercent}%;padding:${SPACING_VALUES[card.contentPadding]}}`,
    `${scope} .card__buttons{width:${group.widthPercent}%;min-height:${group.heightPx}px;flex-direction:${group.direction};justify-content:${group.spacing}}`,
    // spec §2.2: on mobile the image and content stack, the image full width.
    `@media ${MEDIA_QUERIES.small}{${scope} .card__media{flex-basis:auto;width:100%}${scope} .card__buttons{width:100%}}`,
  ];
}
