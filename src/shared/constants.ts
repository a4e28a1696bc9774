/**
 * Fixed values of the product (spec §9). Everything that needs one of these imports it from here,
 * so that the spec's numbers live in exactly one place.
 */

/** Delivery API version (spec §7, §9). */
export const API_VERSION = 'v65.0';
export const API_ROOT = `/services/data/${API_VERSION}`;

/**
 * The licence of the APIs' OpenAPI documents (the contracts, not the content they carry): one that
 * lets integrators generate clients from them freely (decision 033).
 */
export const OPENAPI_LICENSE = { name: 'Apache 2.0', identifier: 'Apache-2.0' } as const;

/** Id prefixes (spec §5.5, §9; reference "Ids"). */
export const SITE_ID_PREFIX = '0DM';
export const CHANNEL_ID_PREFIX = '0ap';
export const MANAGED_CONTENT_ID_PREFIX = '20Y';
export const COMMUNITY_ID_PREFIX = '0DB';
export const USER_ID_PREFIX = '005';

/** The platform's provider prefix, as in contentBody["sfdc_cms:media"] (spec §3.3). */
export const PROVIDER_PREFIX = 'sfdc';
export const MEDIA_FIELD = `${PROVIDER_PREFIX}_cms:media`;
export const IMAGE_CONTENT_TYPE = `${PROVIDER_PREFIX}_cms__image`;
/** The content type of the site's literature sheets (content-model/literature-sheet.ts defines it). */
export const LITERATURE_CONTENT_TYPE = 'literature_sheet';

/** Default path segment under which CMS resources are served (spec §2.1, §7.6). */
export const DEFAULT_PLATFORM_SITES_SEGMENT = 'sfsites';

/** Collection endpoint limits (reference "Collection items"). */
export const COLLECTION_PAGE_SIZE_MIN = 1;
export const COLLECTION_PAGE_SIZE_MAX = 250;
export const COLLECTION_PAGE_SIZE_DEFAULT = 50;

/** Screen sizes (spec §2.1, §9). */
export const MOBILE_MAX_WIDTH = '47.9375em';
export const TABLET_MIN_WIDTH = '48em';
export const TABLET_MAX_WIDTH = '64em';
export const DESKTOP_MIN_WIDTH = '64.0625em';

/** Screen sizes by name (spec §2.1, §9 form factors: Small = mobile, Medium = tablet, Large = desktop). */
export const FORM_FACTORS = ['small', 'medium', 'large'] as const;

/** spec §9: item spacing options. */
export const SPACING_OPTIONS = ['x-large', 'large', 'medium', 'small', 'xx-small', 'none'] as const;

/** spec §9: text styles; the default heading tag is h3 and the default size medium. */
export const TEXT_STYLES = [
  'heading-xlarge',
  'heading-large',
  'heading-medium',
  'heading-small',
  'heading-xsmall',
  'heading-xxsmall',
  'body-regular',
  'body-small',
] as const;
export const DEFAULT_HEADING_TAG = 'h3';
export const DEFAULT_TEXT_STYLE = 'heading-medium';

/** spec §9: block alignments and column proportions (the first column's share; 1:1 is the default). */
export const ALIGNMENTS = ['top', 'left', 'bottom', 'right', 'center'] as const;
export const COLUMN_PROPORTIONS = ['1:1', '1:5', '1:2', '2:1'] as const;
export const GRID_UNITS = 12;

/** spec §9: session warning time. */
export const SESSION_WARNING_SECONDS = 30;

/** Page copy fixed by the spec (§2.2, §9). */
export const LITERATURE_PAGE_TITLE = 'Literature Sheets - CVD, ALD Precursors';

/** Data cache lifetimes and timing (spec §9 "Caching and timing"). */
export const CACHE_TTL_DEFAULT_MS = 300_000;
/** A lifetime of -1 means the entry never expires. */
export const CACHE_NEVER_EXPIRES = -1;
export const CMS_CACHE_TTL_MS = 3_600_000;
export const CACHE_TRIM_INTERVAL_MS = 5_000;
export const DEBOUNCE_DELAY_MS = 150;

/** Images of pixels, which a browser shows and never runs (SVG, which can carry script, is not one). */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif']);

/**
 * A cookie the page's script can read, saying only that this browser signed in: the page is the
 * same for everyone, and this is how it knows to load the session code, which guests never need.
 */
export const SIGNED_IN_COOKIE = 'ls_signed_in';
