/**
 * What visitors searched for, for editors (docs/search.md, "What searches found nothing"):
 *   GET  /search-report    per page language, the last 30 days' queries (those that found
 *                          nothing first) and the sheets opened from search
 *   POST /synonyms         a synonym group from a query: the query means what another word
 *                          finds (as `npm run cli -- search synonyms add`), audited
 */
import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../cms/database';
import { findPrimarySite } from '../cms/repositories/sites';
import { recordChange } from '../editing/audit';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { readSearchReport, REPORT_DAYS, reportedQuery } from '../search/search-report';
import { addSynonyms } from '../search/synonyms';
import type { Guard } from './guard';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

export interface SearchReportRoutesOptions {
  db: ContentStore;
  root: string;
  guard: Guard;
  /** Whether searches are counted (SEARCH_REPORT), and a write of this process's counts so far. */
  report: { enabled: boolean; flush: () => Promise<void> };
}

export function registerSearchReportRoutes(app: FastifyInstance, options: SearchReportRoutesOptions): void {
  const { db, report } = options;
  on(app, options, editingApi.searchReport.view, async () => {
    // This process's counts so far (the others write theirs every few seconds).
    await report.flush();
    const site = await findPrimarySite(db);
    return { enabled: report.enabled, days: REPORT_DAYS, languages: site === undefined ? [] : await readSearchReport(db, site.id, new Date()) };
  });

  on(app, options, editingApi.synonyms.create, async ({ caller: { actor }, body: input }, _request, reply) => {
    const query = reportedQuery(input.query);
    const means = reportedQuery(input.means);
    if (query === '' || means === '' || query === means) throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, 'Give the query, and another word it means.');
    const group = `search:${query}`;
    await db.transaction().execute(async (trx) => {
      await addSynonyms(trx, { [group]: [query, means] });
      await recordChange(trx, {
        actor,
        action: 'search.synonym-add',
        target: { type: 'settings', id: group, label: `synonyms: ${query}` },
        after: { terms: [query, means] },
      });
    });
    return reply.code(201).send({ group, terms: [query, means] });
  });
}
