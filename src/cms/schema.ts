/**
 * Tables of the content store (spec §3; reference "Ids" and the response shapes). Column names are
 * snake_case; repositories map rows to the wire shapes. Dates are ISO 8601 text in UTC so that
 * SQLite and PostgreSQL compare them the same way.
 */
import type { DeliveryState } from '../shared/webhook-events';
import type { Generated } from 'kysely';

export interface SitesTable {
  /** '0DM…', 18 characters. */
  id: string;
  name: string;
  url_name: string;
  /** The delivery channel that publishes to this site: '0ap…'. */
  channel_id: string;
  /** The community (network) the site belongs to: '0DB…'. */
  community_id: string;
  default_language: string;
  created_at: string;
}

export interface SiteLanguagesTable {
  site_id: string;
  /** Platform form, e.g. 'en_US'. */
  language: string;
  is_active: number;
  position: number;
}

export interface ContentTypesTable {
  /** e.g. 'literature_sheet', 'sfdc_cms__image'. */
  fully_qualified_name: string;
  name: string;
  /** JSON: the type's fields, { [field]: { label, nodeType } }. */
  field_schema: string;
}

export interface ContentsTable {
  /** Managed content id, '20Y…', 18 characters. */
  id: string;
  /** 'MC' + 26 characters. */
  content_key: string;
  site_id: string;
  content_type: string;
  url_name: string;
  primary_language: string;
  created_at: string;
  updated_at: string;
}

export interface ContentTranslationsTable {
  content_id: string;
  language: string;
  title: string;
  /** JSON: the content body (the type's fields). */
  body: string;
  published_at: string;
}

export interface CollectionsTable {
  id: string;
  collection_key: string;
  site_id: string;
  /** Fully qualified name of the content type its items have. */
  item_type: string;
  url_name: string;
  title: string;
  /** JSON map, e.g. { description }. */
  metadata: string;
  primary_language: string;
  published_at: string;
}

export interface CollectionTranslationsTable {
  collection_id: string;
  language: string;
  title: string;
  /** JSON map, e.g. { description }. */
  metadata: string;
}

export interface CollectionItemsTable {
  collection_id: string;
  /** Zero-based and contiguous, so a page is a range scan whatever its depth. */
  position: number;
  content_id: string;
}

export interface MediaTable {
  /** The image content item this file belongs to. */
  content_id: string;
  file_name: string;
  mime_type: string;
  width: number;
  height: number;
  byte_size: number;
  /** Hex SHA-256 of the bytes: the ETag, and the version in media URLs. */
  sha256: string;
  bytes: Buffer;
  created_at: string;
}

export interface FileAssetsTable {
  asset_id: string;
  version: number;
  file_name: string;
  mime_type: string;
  byte_size: number;
  sha256: string;
  bytes: Buffer;
  created_at: string;
  /** When an editor withdrew this version (it answers 410); null while it is served (migration 024). */
  retired_at: Generated<string | null>;
}

export interface SeoRecordsTable {
  site_id: string;
  /** A record id, e.g. a literature sheet's managed content id. */
  record_id: string;
  /** Friendlier key for the same record, e.g. its URL name. */
  url_alias: string | null;
  record_name: string;
  object_name: string;
  /** JSON map of field name → string value. */
  fields: string;
  /** JSON map of language (with '_', e.g. en_US) → URL. */
  href_lang_urls: string;
  canonical_url: string | null;
  is_seo_indexed: number;
}

export interface UsersTable {
  /** '005…', 18 characters. */
  id: string;
  /** Lower-cased. */
  email: string;
  /** scrypt$N$r$p$salt$hash */
  password_hash: string;
  created_at: string;
  role: Role;
  /** Set while the account cannot sign in. */
  disabled_at: string | null;
  /** 1 while the password is one an admin set: the account must choose its own first (migration 012). */
  must_change_password: number;
}

/** admin: everything, accounts included; editor: content; visitor: signed-in pages only. */
export type Role = 'admin' | 'editor' | 'visitor';

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** The account that acted; null for the command line and the scheduler. */
  actor_id: string | null;
  /** Who acted, readable: an email, 'cli:<os user>' or 'scheduler'. */
  actor: string;
  /** e.g. 'account.add', 'sheet.publish'. */
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  /** JSON summaries of the target before and after; never a secret (audit.ts). */
  before: string | null;
  after: string | null;
  /** The change it records (migration 036): the journal's rows of that change carry the same id; null before the journal. */
  change_id: string | null;
}

/** What the editing model keeps drafts, versions and trash of. */
/** A sheet's URL names before its current one (migration 023): each answers 301 to it. */
export interface OldAddressesTable {
  site_id: string;
  url_name: string;
  content_id: string;
  created_at: string;
}

export type EditableKind = 'sheet' | 'collection' | 'page' | 'content-type';

/**
 * A translated text's mark (migration 028): the primary language's text it was written or
 * confirmed against, and whether that text has changed since.
 */
/** What a translation export sent (migration 035): the import's base for a three-way merge. */
export interface TranslationExportsTable {
  /** tex-YYYYMMDD-xxxxxxxx, written in a note on every unit of the file. */
  id: string;
  /** The language translated into, as the store names it (`de_DE`). */
  language: string;
  exported_by: string;
  exported_at: string;
  /** JSON: each unit's id and the translation it had when it was sent (null: none). */
  texts: string;
}

export interface TranslationMarksTable {
  kind: EditableKind;
  target_id: string;
  /** The translation's language, as in the state (`de_DE`). */
  language: string;
  /** Where the text is in the translation: `title`, `extra.purity`, a page's `page-heading.text`. */
  field: string;
  /** The primary language's text as it was when the translation was written or confirmed. */
  source: string;
  /** 1 when the primary language's text is no longer `source`. */
  outdated: number;
  marked_at: string;
}

/** open: being gathered; published: on the site as one change; undone: taken back as one (migration 030). */
export type ReleaseState = 'open' | 'published' | 'undone';

export interface ReleasesTable {
  /** rel-YYYYMMDD-xxxxxxxx */
  id: string;
  name: string;
  state: ReleaseState;
  created_by: string;
  created_at: string;
  /** When an open release is to be published (the scheduler does it), and who asked. */
  due_at: string | null;
  scheduled_by: string | null;
  published_by: string | null;
  published_at: string | null;
  undone_by: string | null;
  undone_at: string | null;
  /** Why its scheduled publish could not be made (it stays open, unscheduled). */
  failure: string | null;
}

/** A draft in a release: a sheet, a collection's order, a page. */
export interface ReleaseItemsTable {
  release_id: string;
  kind: EditableKind;
  target_id: string;
  /** What a person calls it, when it was added (a title, a path). */
  label: string;
  added_by: string;
  added_at: string;
}

export type ReviewState = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/** A request for a review of a draft at one revision, and how it ended (migration 029). */
export interface ReviewsTable {
  id: Generated<number>;
  kind: EditableKind;
  target_id: string;
  /** The draft's revision the review is of: an approval holds for it only. */
  revision: number;
  state: ReviewState;
  /** Who asked (an email), and when. */
  requested_by: string;
  requested_at: string;
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** Why it was rejected. */
  comment: string | null;
}

export interface DraftsTable {
  kind: EditableKind;
  /** A sheet's managed content id, a collection's id, a page's path. */
  target_id: string;
  site_id: string;
  /** What a person calls it (a title): for lists and the audit log. */
  label: string;
  /** JSON: the working copy (editing/sheet-state.ts and friends). */
  state: string;
  /** Moves on with every save, publish and unpublish: a save must name the one it started from. */
  revision: number;
  updated_by: string;
  updated_at: string;
  /** draft, published, changed or unpublished, as of the last write (migration 011; null before). */
  status: string | null;
  /** The state's languages, each between spaces (' de_DE en_US '), for filters in SQL; null before migration 011. */
  languages: string | null;
  /** JSON: fields a change to the site (an import) changed while the draft had changed them too, for the editor to choose (migration 019); null: none. */
  attention: string | null;
}

export interface VersionsTable {
  id: Generated<number>;
  kind: EditableKind;
  target_id: string;
  /** 1, 2, … per target. */
  number: number;
  /** save, publish, unpublish, restore, import, undo-import, delete, restore-from-trash. */
  event: string;
  /** JSON: the state this version holds. */
  state: string;
  actor_id: string | null;
  actor: string;
  created_at: string;
  /** Saves fold into one version: this moves on with each save folded in. */
  updated_at: string;
  import_id: string | null;
  /** JSON: what the site showed before this version changed it (`null` when it was not on the site); SQL null for a version that did not change the site (migration 019). */
  site_before: string | null;
  /** The audit entry a folded save updates with it. */
  audit_id: number | null;
}

export interface TrashTable {
  kind: EditableKind;
  target_id: string;
  site_id: string;
  label: string;
  /** JSON: the working copy when it was deleted. */
  draft: string;
  /** JSON: the published state when it was deleted; null when it was not published. */
  published: string | null;
  /** The draft's revision when it was deleted: a restored draft continues from it. */
  revision: number;
  deleted_by: string;
  deleted_at: string;
  /** JSON: the fields it needed the editor's choice on when it was deleted (migration 019); null: none. */
  attention: string | null;
}

export interface BlobsTable {
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  mime_type: string;
  byte_size: number;
  bytes: Buffer;
  /** A document's extracted text (search reads it); null for images. */
  text: string | null;
  created_at: string;
}

export interface SchedulesTable {
  id: Generated<number>;
  kind: EditableKind;
  target_id: string;
  action: 'publish' | 'unpublish';
  due_at: string;
  state: 'pending' | 'done' | 'failed' | 'cancelled';
  actor_id: string | null;
  actor: string;
  created_at: string;
  fired_at: string | null;
  /** Why it failed, or what it did. */
  outcome: string | null;
}

export interface ImportsTable {
  id: string;
  actor: string;
  created_at: string;
  summary: string;
  /** JSON: the sheets and collection orders the import changed, as they were before it. */
  before_state: string;
  undone_at: string | null;
  /** While its undo runs in steps, the time of the last step; null once finished (migration 020). */
  undo_step_at: string | null;
  /** While it is applied in steps, the time of the last step; null once all are in (migration 021). */
  apply_step_at: string | null;
}

export interface PagesTable {
  /** The page definition's name: how the editing model and the studio know it. */
  name: string;
  path: string;
  /** The page definition as written (JSON; docs/pages.md). */
  definition: string;
  updated_at: string;
}

export interface PreviewLinksTable {
  /** Hex SHA-256 of the link's token: the token is only in the link. */
  token_hash: string;
  kind: EditableKind;
  target_id: string;
  /** '/{lang}' segment of the page shown, e.g. 'de-DE'; null for the site's default language. */
  language: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
}

export interface LocksTable {
  name: string;
  taken_at: string;
}

export interface SessionsTable {
  /** Hex SHA-256 of the session id the cookie carries. */
  id_hash: string;
  user_id: string;
  /** Sent with state-changing requests, checked against this. */
  csrf_token: string;
  created_at: number;
  last_activity_at: number;
  absolute_expires_at: number;
}

export interface StoreStateTable {
  key: string;
  value: string;
}

export interface SearchEntriesTable {
  id: Generated<number>;
  site_id: string;
  content_id: string;
  /** The language of the translation the entry is made from. */
  language: string;
  /** The page languages it is shown on, each with a space either side (' en_US de_DE '). */
  serves: string;
  /** The translation's, to see when the entry is out of date. */
  published_at: string;
  /** The document whose text is in the entry, if any. */
  document_sha256: string | null;
  /** The facet values its sheet has, as written, by facet (search/facets.ts: EntryFacets), as JSON. */
  facets: Generated<string>;
}

/** An entry's texts, kept apart so that entries' rows stay small. */
export interface SearchTextsTable {
  entry_id: number;
  title: string;
  description: string;
  document: string;
}

/** Every word of the indexed titles and descriptions as written (migration 016; PostgreSQL 018), for the word a visitor is typing. */
export interface SearchWordsTable {
  word: string;
}

/** How often visitors searched for a query on a day, on a site's page language, and how many sheets it found (migration 026). */
export interface SearchQueriesTable {
  site_id: string;
  language: string;
  /** Normalised (search/search-report.ts): lower case, spaces collapsed. */
  query: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  searches: number;
  /** Sheets found the last time it was searched for that day. */
  found: number;
}

/** How often a sheet was opened from a query's results on a day (migration 026). */
export interface SearchOpensTable {
  site_id: string;
  language: string;
  query: string;
  content_id: string;
  day: string;
  opens: number;
}

export interface SearchSynonymsTable {
  group_name: string;
  term: string;
}

/** A site's taxonomy (migration 014). */
export interface TopicsTable {
  site_id: string;
  /** Lower case letters, digits and hyphens: the topic page's URL segment. */
  slug: string;
  /** The group it belongs to: process, kind, element, … */
  facet: string;
  /** Its place in the taxonomy: facets come in the order of their first topics. */
  position: number;
  /** JSON map of language → the topic's name in it. */
  labels: string;
}

/** A surrogate key a change touched, not yet purged from the CDN (migration 031). */
export interface CdnPurgesTable {
  key: string;
  queued_at: string;
  /** 1 while a sender sends its purge; a change meanwhile sets it back to 0, to be sent again. */
  sending: Generated<number>;
  /** When a sender took it. */
  claimed_at: string | null;
  /** Purges of it that failed, since it was queued (migration 032). */
  attempts: Generated<number>;
  /** What the CDN said the last time it failed. */
  last_error: string | null;
}

/** A URL told of events, its deliveries signed with `secret` (migration 032). */
export interface WebhooksTable {
  id: string;
  url: string;
  /** JSON array of the event names it wants (webhooks/events.ts). */
  events: string;
  secret: string;
  description: Generated<string>;
  created_by: string;
  created_at: string;
  removed_by: string | null;
  removed_at: string | null;
}

/** One event for one webhook: the webhooks' outbox and their delivery log (migration 032). */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  /** The JSON body exactly as it is sent and signed. */
  body: string;
  created_at: string;
  state: DeliveryState;
  next_at: string;
  claimed_at: string | null;
  attempts: Generated<number>;
  /** The receiver's HTTP status at the last try; null when it did not answer. */
  last_status: number | null;
  last_error: string | null;
  finished_at: string | null;
  resent_from: string | null;
}

/** Which published sheet has which topic, derived from the bodies (search/search-index.ts). */
export interface SearchTopicsTable {
  content_id: string;
  topic: string;
}

/**
 * One thing a committed change touched (migration 036, docs/decisions/038): the row triggers of the
 * public tables write them, the editing model adds its own (`event`), the readers follow them.
 */
export interface ChangeJournalTable {
  /** Follows commit order; the content version is the last one. */
  position: Generated<number>;
  /** The change it belongs to (journal_context while it was made); null for SQL from outside the app. */
  change_id: string | null;
  /** What kind of thing: content, collection, collection-item, image, document, seo, address, page, site, content-type, taxonomy, synonyms, topic, event, index, store. */
  subject: string;
  /** Which one: a content's, collection's or site's id, an asset id, a page's name, an event's type. */
  target: string;
  /** Which part, where a subject has parts: a language, a document's version, a member's content id; an event's body. */
  detail: Generated<string>;
  at: string;
}

/** The change a transaction is making, while it makes it: the journal's triggers read it (never committed). */
export interface JournalContextTable {
  holder: Generated<number>;
  change_id: string;
}

/** How far a reader of the journal has read (docs/decisions/038). */
export interface JournalCursorsTable {
  reader: string;
  position: number;
  read_at: string;
}

/** The primary text a translated text (by its SHA-256) was made from (migration 037). */
export interface TranslationBasesTable {
  kind: EditableKind;
  target_id: string;
  language: string;
  field: string;
  text_sha256: string;
  source: string;
  made_at: string;
}

/**
 * What the site shows of a content in a page language (migrations 038, 040, src/published/): its
 * facts as JSON, and the columns the read model's questions filter and order on.
 */
export interface PublishedContentsTable {
  content_id: string;
  language: string;
  site_id: string;
  content_key: string;
  content_type: string;
  url_name: string;
  /** 1 for a sheet a collection of its site shows (it has a page), else 0. */
  shown: number;
  /** 1 when search engines may index its page (its facts say so too), else 0. */
  indexed: number;
  updated_at: string;
  /** The primary translation's date, which the content calls' date filters ask about; null without one. */
  primary_published_at: string | null;
  facts: string;
}

/** What else a published sheet's row was made from (`image:{contentKey}`, `content:{id}`, `document:{assetId}`). */
export interface PublishedLinksTable {
  target: string;
  content_id: string;
}

/** A published sheet's topic, as its primary text lists it (migration 039): which sheets a topic has, for related sheets. */
export interface PublishedTopicsTable {
  site_id: string;
  topic: string;
  content_id: string;
}

export interface Database {
  translation_bases: TranslationBasesTable;
  published_contents: PublishedContentsTable;
  published_links: PublishedLinksTable;
  published_topics: PublishedTopicsTable;
  change_journal: ChangeJournalTable;
  journal_context: JournalContextTable;
  journal_cursors: JournalCursorsTable;
  sites: SitesTable;
  cdn_purges: CdnPurgesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  site_languages: SiteLanguagesTable;
  content_types: ContentTypesTable;
  contents: ContentsTable;
  content_translations: ContentTranslationsTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  collection_translations: CollectionTranslationsTable;
  media: MediaTable;
  file_assets: FileAssetsTable;
  seo_records: SeoRecordsTable;
  users: UsersTable;
  audit_log: AuditLogTable;
  locks: LocksTable;
  drafts: DraftsTable;
  preview_links: PreviewLinksTable;
  versions: VersionsTable;
  trash: TrashTable;
  blobs: BlobsTable;
  pages: PagesTable;
  schedules: SchedulesTable;
  imports: ImportsTable;
  sessions: SessionsTable;
  store_state: StoreStateTable;
  search_entries: SearchEntriesTable;
  old_addresses: OldAddressesTable;
  search_texts: SearchTextsTable;
  search_synonyms: SearchSynonymsTable;
  search_queries: SearchQueriesTable;
  search_opens: SearchOpensTable;
  search_words: SearchWordsTable;
  topics: TopicsTable;
  search_topics: SearchTopicsTable;
  translation_marks: TranslationMarksTable;
  translation_exports: TranslationExportsTable;
  reviews: ReviewsTable;
  releases: ReleasesTable;
  release_items: ReleaseItemsTable;
}
