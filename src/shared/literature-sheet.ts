/**
 * A literature sheet (spec §3.1), as one schema every input shares: the CSV import's rows, the
 * folder import's bodies, and (later) the editing API and the studio's form. The link rule of
 * spec §5.1 has reasons to give, so it is checked beside the schema (links.ts linkProblem).
 */
import Type from 'typebox';
import { CONTENT_LIMITS } from './content-limits';
import { MAX_URL_LENGTH } from './links';
import { text } from './schema/fields';
import { SheetTopicsSchema } from './topics';

export const CONTENT_KEY = /^MC[A-Z0-9]{26}$/;

/** The texts of a sheet in one language. */
export const SHEET_FIELDS = {
  title: text({ max: 1_000 }),
  description: text({ max: CONTENT_LIMITS.textLength }),
  /** What the card and "Read More" open: an https:// address or a path on this site. */
  url: text({ max: MAX_URL_LENGTH }),
  /** What the sheet's image shows, for people who cannot see it. */
  imageAlt: text({ max: 1_000 }),
};

/** A sheet's reference to its image content, as stored in its body. */
export const ImageReferenceSchema = Type.Object({
  source: Type.Object({ type: Type.String(), ref: Type.Object({ contentKey: text({ pattern: CONTENT_KEY }) }) }),
});

/** A sheet's body as stored and delivered (body.contentBody); other fields may come with migrated content. */
export const SheetBodySchema = Type.Object({
  Title: SHEET_FIELDS.title,
  description: Type.Optional(SHEET_FIELDS.description),
  url: Type.Optional(SHEET_FIELDS.url),
  image: Type.Optional(ImageReferenceSchema),
  /** The slugs of the site's topics the sheet is about (shared/topics.ts). */
  topics: Type.Optional(SheetTopicsSchema),
});
