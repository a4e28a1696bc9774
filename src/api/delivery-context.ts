/**
 * What every delivery call needs first: the site or channel named in the path, the language to
 * answer in, and the channel summary that responses carry.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { findSiteByChannelId, findSiteByCommunityId, findSiteById, listActiveLanguages, type Site } from '../cms/repositories/sites';
import { notFound } from '../shared/errors';
import type { ChannelOrSite } from '../shared/request-validation';
import type { ChannelSummary } from '../shared/delivery-types';
import { channelResourcePath } from '../shared/urls';
import { withBasePath } from '../shared/links';

export interface DeliverySettings {
  basePath: string;
  platformSitesSegment: string;
  siteUrl: string | null;
}

/** The origin absolute URLs use: SITE_URL, or else the request's own. */
export function originOf(settings: Pick<DeliverySettings, 'siteUrl'>, request: FastifyRequest): string {
  return settings.siteUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * originOf, for a response whose body holds absolute URLs: when they follow the Host header, a
 * shared cache must not give one host's answer to another.
 */
export function originForResponse(settings: Pick<DeliverySettings, 'siteUrl'>, request: FastifyRequest, reply: FastifyReply): string {
  if (settings.siteUrl === null) reply.header('Vary', 'Host');
  return originOf(settings, request);
}

export interface DeliveryContext {
  site: Site;
  /** Languages to try for content, in order: the requested one (when active), then the default. */
  languages: string[];
  /** The language the response is in. */
  language: string;
}

/** Resolves the site of a channel-or-site id; an unknown one is 404 NOT_FOUND. */
export async function resolveDeliveryContext(db: ContentStore, target: ChannelOrSite, requestedLanguage: string | undefined): Promise<DeliveryContext> {
  const site = target.kind === 'site' ? await findSiteById(db, target.id) : await findSiteByChannelId(db, target.id);
  return languageContext(db, site, requestedLanguage);
}

/** Resolves the site of a community (spec §7.4, §7.5); an unknown one is 404 NOT_FOUND. */
export async function resolveCommunityContext(db: ContentStore, communityId: string, requestedLanguage: string | undefined): Promise<DeliveryContext> {
  return languageContext(db, await findSiteByCommunityId(db, communityId), requestedLanguage);
}

async function languageContext(db: ContentStore, site: Site | undefined, requestedLanguage: string | undefined): Promise<DeliveryContext> {
  if (site === undefined) throw notFound();
  const active = await listActiveLanguages(db, site.id);
  const requested = requestedLanguage === undefined ? undefined : normalizeLanguage(requestedLanguage);
  const language = requested !== undefined && active.includes(requested) ? requested : site.default_language;
  const languages = language === site.default_language ? [language] : [language, site.default_language];
  return { site, languages, language };
}

/** Accepts 'en-US' as well as the platform's 'en_US'. */
export function normalizeLanguage(language: string): string {
  return language.replace('-', '_');
}

/** `origin`: SITE_URL, or the origin the request came to (originForResponse, which says Vary: Host then). */
export function channelSummaryOf(site: Site, settings: DeliverySettings, origin: string): ChannelSummary {
  return {
    domainUrl: `${settings.siteUrl ?? origin}${settings.basePath}`,
    id: site.channel_id,
    name: site.name,
    resourceUrl: withBasePath(settings.basePath, channelResourcePath(site.channel_id)),
    target: { id: site.id },
    type: 'PublicUnauthenticated',
  };
}
