import { describe, expect, it } from 'vitest';
import { LITERATURE_PAGE } from '../../../tests/helpers/pages';
import type { PageDefinition } from '../../page-model/page-definition';
import { buildPageStyles } from './page-styles';

describe('buildPageStyles', () => {
  const css = buildPageStyles(LITERATURE_PAGE, '/lit');

  it('carries the literature page’s configured values (spec §2.2, §9)', () => {
    expect(css).toContain('.pc-page-heading{font-size:36px;}');
    expect(css).toContain('.pc-literature-grid .collection-grid{grid-template-columns:repeat(1,minmax(0,1fr));gap:0.75rem;width:100%}');
    expect(css).toContain('.pc-literature-grid .card{border-radius:0;border:1px solid rgb(0, 0, 0)}');
    expect(css).toContain('.pc-literature-grid .card__media{flex:0 0 33.33%;width:33.33%}');
    expect(css).toContain('.pc-literature-grid .card__image{object-fit:contain;object-position:center center}');
    expect(css).toContain('.pc-literature-grid .card__buttons{width:50%;min-height:50px;flex-direction:row;justify-content:space-evenly}');
    expect(css).toContain('@media (max-width: 47.9375em){.pc-literature-grid .card__media{flex-basis:auto;width:100%}');
  });

  it('writes section backgrounds per form factor with an overlay, and escapes URLs', () => {
    const page: PageDefinition = {
      ...LITERATURE_PAGE,
      sections: [
        {
          id: 'hero',
          background: {
            url: '/img/hero".png',
            srcSet: { small: '/img/hero-small.png', large: 'javascript:alert(1)' },
            position: 'center top',
            sizeOrRepeat: 'cover',
            overlayColour: 'rgba(0, 0, 0, 0.4)',
          },
          direction: { medium: 'column' },
          columns: [{ name: 'Column 1', width: 12, components: [] }],
        },
      ],
    };
    const styles = buildPageStyles(page, '/lit');
    expect(styles).toContain(
      '.ps-hero{position:relative;background-image:url("/lit/img/hero\\22 .png");background-position:center top;background-size:cover;background-repeat:no-repeat}',
    );
    expect(styles).toContain('@media (max-width: 47.9375em){.ps-hero{background-image:url("/lit/img/hero-small.png")}}');
    expect(styles).not.toContain('javascript');
    expect(styles).toContain('.ps-hero::before{content:"";position:absolute;inset:0;background:rgba(0, 0, 0, 0.4);pointer-events:none}');
    expect(styles).toContain('@media (min-width: 48em) and (max-width: 64em){.ps-hero .page-column{grid-column:span 12}}');
  });
});
