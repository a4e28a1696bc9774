import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LITERATURE_PAGE } from '../../../tests/helpers/pages';
import type { CollectionItem } from '../../shared/delivery-types';
import { markupDefinitionOf } from '../page-boot';
import { type CardMarkupSettings } from '../page-data';
import { gridsOf, type CardSettings } from '../../page-model/page-definition';
import { Card } from './card';
import { cardValuesView } from './card-values';
import { toGridItems } from './grid-items';

const grid = gridsOf(LITERATURE_PAGE)[0]!;
const settings = markupDefinitionOf(grid, '').settings.card;
/** The card's markup settings of the literature grid with some of its card settings changed. */
const withCard = (card: Partial<CardSettings>): CardMarkupSettings =>
  markupDefinitionOf({ ...grid, settings: { ...grid.settings, card: { ...grid.settings.card, ...card } } }, '').settings.card;

const item = (contentBody: Record<string, unknown>, language = 'en_US'): CollectionItem => ({
  id: '20Y000000000001AAA',
  name: 'x',
  contentType: { fullyQualifiedName: 'literature_sheet', name: 'Literature Sheet' },
  language,
  body: { contentKey: 'MC1', urlName: 'x', title: 'Fallback title', publishedDate: '2026-01-01T00:00:00.000Z', contentBody },
});

const render = (body: Record<string, unknown>, card: CardMarkupSettings = settings, basePath = '', itemLanguage = 'en_US') =>
  renderToString(<Card item={toGridItems([item(body, itemLanguage)], 7)[0]!} settings={card} basePath={basePath} label="Item 8" language="en_US" />);

describe('Card (spec §2.2)', () => {
  const html = render({ Title: '<b>TMA</b>', description: 'Desc <i>x</i>', url: '/lit/a.pdf', image: { url: '/lit/img.svg', altText: '<b>alt</b>' } });

  it('shows the values of the fields its type shows on cards, each labelled, and none the item lacks', () => {
    const properties = [
      { name: 'casNumbers', kind: 'identifier' as const, limits: {}, label: 'CAS-Nummer' },
      { name: 'formula', kind: 'formula' as const, limits: {}, label: 'Summenformel' },
      { name: 'purity', kind: 'text' as const, limits: {}, label: 'Reinheit' },
      { name: 'density', kind: 'number' as const, limits: { unit: 'g/cm³' }, label: 'Dichte' },
    ];
    const card = renderToString(
      <Card
        item={toGridItems([item({ Title: 'TMA', casNumbers: ['75-24-1'], formula: 'Al(CH3)3', purity: '  ' })], 7)[0]!}
        settings={settings}
        basePath=""
        label="Item 8"
        language="de_DE"
      >
        {cardValuesView(properties, 'de_DE')?.({ Title: 'TMA', casNumbers: ['75-24-1'], formula: 'Al(CH3)3', purity: '  ', density: 1.726 })}
      </Card>,
    );
    expect(card).toContain(
      '<dl class="card__properties"><div><dt>CAS-Nummer</dt><dd>75-24-1</dd></div><div><dt>Summenformel</dt><dd>Al(CH₃)₃</dd></div><div><dt>Dichte</dt><dd>1,726 g/cm³</dd></div></dl>',
    );
    expect(html).not.toContain('card__properties');
    expect(cardValuesView([], 'de_DE')).toBeUndefined();
  });

  it('is a focusable group labelled by its position counted from 1', () => {
    expect(html).toContain('role="group" aria-label="Item 8" tabindex="-1" id="item-8"');
  });

  it('shows the title and description without tags, in their configured tags and styles', () => {
    expect(html).toContain('<h1 class="card__title heading-large"><a class="card__link" href="/lit/a.pdf">TMA</a></h1>');
    expect(html).toContain('<h3 class="card__description heading-medium" aria-level="2">Desc x</h3>');
    expect(html).toContain('alt="alt"');
  });

  it('has a Read More button to the item’s url and never the hidden Contact Us button', () => {
    expect(html).toContain('<a class="button button--primary" href="/lit/a.pdf">Read More<span class="visually-hidden">: <!-- -->TMA</span></a>');
    expect(html).not.toContain('Contact Us');
  });

  it('shows the secondary button only when displayed and given a valid target', () => {
    const button = grid.settings.card.secondaryButton;
    const withTarget = withCard({
      secondaryButton: { ...button, show: true, target: { type: 'standard__webPage', attributes: { url: 'mailto:sales@example.com' } } },
    });
    expect(render({ Title: 'T', url: '/a' }, withTarget)).toContain(
      '<a class="button button--secondary" href="mailto:sales@example.com" target="_blank" rel="noopener noreferrer">Contact Us</a>',
    );
    const invalid = withCard({ secondaryButton: { ...button, show: true, target: { type: 'standard__webPage', attributes: { url: 'javascript:alert(1)' } } } });
    expect(render({ Title: 'T', url: '/a' }, invalid)).not.toContain('Contact Us');
  });

  it('keeps the outline continuous only where tags would skip a level', () => {
    expect(render({ Title: 'T' }, { ...settings, titleTag: 'h2', descriptionTag: 'h3' })).toContain('<h3 class="card__description heading-medium">');
  });

  it('binds item fields into its details as escaped text (spec §5.3)', () => {
    const details = { ...settings, detailsHtml: '<p>CAS {!Item.body.contentBody.cas} · {!Item.body.contentKey}</p>' };
    expect(render({ Title: 'T', cas: '<b>75-24-1</b>' }, details)).toContain('<div class="card__details"><p>CAS &lt;b&gt;75-24-1&lt;/b&gt; · MC1</p></div>');
  });

  it('offers optimised sources for raster images only (640, 960 and 1920 wide)', () => {
    const raster = render({ Title: 'T', image: { url: '/lit/sfsites/c/cms/delivery/media/MC2', altText: 'a', mimeType: 'image/png' } }, settings, '/lit');
    expect(raster).toContain('srcSet="/lit/cdn-cgi/image/format=auto,onerror=redirect,fit=scale-down,width=640/sfsites/c/cms/delivery/media/MC2 640w');
    expect(raster).toContain('width=1920/sfsites/c/cms/delivery/media/MC2 1920w');
    expect(raster).toContain('loading="eager"');
    const vector = render({ Title: 'T', image: { url: '/lit/x.svg', altText: 'a', mimeType: 'image/svg+xml' } }, settings, '/lit');
    expect(vector).not.toContain('srcSet');
  });

  it('says its image once: no preload link beside it (React writes one for an eager image outside <picture>)', () => {
    const raster = render({ Title: 'T', image: { url: '/lit/sfsites/c/cms/delivery/media/MC2', altText: 'a', mimeType: 'image/png' } }, settings, '/lit');
    expect(raster).toMatch(/<picture><img class="card__image"/);
    expect(raster).not.toContain('rel="preload"');
  });

  it('falls back to the item title and shows no image or button without url and image', () => {
    const bare = render({});
    expect(bare).toContain('>Fallback title</h1>');
    expect(bare).not.toContain('<img');
    expect(bare).not.toContain('Read More');
  });

  it('gives an image-less card no media box, so its content takes the whole width', () => {
    expect(render({ Title: 'T' })).not.toContain('card__media');
    expect(html).toContain('<div class="card__media">');
  });

  it('opens an item’s mailto: or tel: link in a new window, from the title and the button alike (spec §5.1)', () => {
    for (const url of ['mailto:sales@example.com', 'tel:+49-89-1234']) {
      const card = render({ Title: 'T', url });
      expect(card).toContain(`<a class="card__link" href="${url}" target="_blank" rel="noopener noreferrer">T</a>`);
      expect(card).toContain(`<a class="button button--primary" href="${url}" target="_blank" rel="noopener noreferrer">Read More`);
    }
    expect(html).not.toContain('target=');
  });

  it('says the language of an item shown untranslated, and only then', () => {
    expect(render({ Title: 'T' }, settings, '', 'de_DE')).toContain('id="item-8" lang="de-DE"');
    expect(html).not.toContain('lang=');
  });

  it('names the language an untranslated item’s link leads to, in the page’s language (hreflang and words)', () => {
    const german = render({ Title: 'T', url: '/lit/t-de.pdf' }, settings, '', 'de_DE');
    expect(german).toMatch(/<a class="button [^"]*" href="\/lit\/t-de.pdf" hrefLang="de-DE">/);
    expect(german).toContain('<span class="card__link-language" lang="en-US"> (German)</span>');
    expect(html).not.toContain('hrefLang');
  });
});
