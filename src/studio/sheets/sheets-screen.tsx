/**
 * The studio's first screen: the sheets of the collection with their image, status and languages;
 * search as you type, filters by status and by a missing or outdated translation, sort, and pages of 50 (the
 * server pages in SQL, so ten thousand sheets list as fast as ten). Built from react-aria-components,
 * so it is usable by keyboard and announced to screen readers.
 */
import { useState } from 'react';
import { Button, Input, Label, Link, SearchField } from 'react-aria-components';
import { languageTag } from '../../shared/languages';
import { STATUS_FILTERS, STATUS_WORDS, type StatusFilter } from '../../shared/editing-status';
import { languageName, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { Choose, Notice, useAnswer } from '../common/parts';
import { PdfDrop } from './pdf-drop';

const PAGE_SIZE = 50;
const STATUSES = [{ id: 'all', name: 'All statuses' }, ...STATUS_FILTERS.map((id) => ({ id, name: STATUS_WORDS[id] }))];
const SORTS: Array<{ id: 'changed' | 'title' | 'status'; name: string }> = [
  { id: 'changed', name: 'Last changed' },
  { id: 'title', name: 'Title' },
  { id: 'status', name: 'Status' },
];

/** The list's query for the Translation choice: a language missing, or one with outdated texts. */
function translationFilter(choice: string): { missing?: string; outdated?: string } {
  const [filter, language] = choice.split(':');
  return language === undefined || (filter !== 'missing' && filter !== 'outdated') ? {} : { [filter]: language };
}

export function SheetsScreen({ context }: { context: StudioContext }) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter | 'all'>('all');
  // 'none', or 'missing:de_DE' / 'outdated:de_DE'.
  const [translation, setTranslation] = useState('none');
  const [sort, setSort] = useState<(typeof SORTS)[number]['id']>('changed');
  const [offset, setOffset] = useState(0);
  // Moves on when sheets were made here, so the list asks again.
  const [made, setMade] = useState(0);
  const asked = {
    limit: PAGE_SIZE,
    offset,
    sort,
    ...(query.trim() === '' ? {} : { q: query.trim() }),
    ...(status === 'all' ? {} : { status }),
    ...translationFilter(translation),
  };
  // Typing asks again; only the answer to the latest question is shown.
  const { answer: list, error } = useAnswer(context, { operation: editingApi.sheets.list, query: asked }, 150, made);

  // A changed question starts from its first page.
  const refine =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };
  const languages = [
    { id: 'none', name: 'All sheets' },
    ...(list?.languages ?? []).flatMap((language) => [
      { id: `missing:${language}`, name: `Missing ${languageName(language)}` },
      { id: `outdated:${language}`, name: `Outdated ${languageName(language)}` },
    ]),
  ];
  const last = list === null ? 0 : Math.min(list.offset + list.sheets.length, list.total);

  return (
    <section className="studio-sheets" aria-labelledby="sheets-heading">
      <h1 id="sheets-heading">Sheets</h1>
      <PdfDrop context={context} onCreated={() => setMade((count) => count + 1)} />
      <div className="studio-sheets__tools">
        <SearchField className="studio-field" value={query} onChange={refine(setQuery)}>
          <Label>Search titles</Label>
          <Input />
        </SearchField>
        <Choose label="Status" items={STATUSES} value={status} onChange={refine(setStatus)} />
        <Choose label="Translation" items={languages} value={translation} onChange={refine(setTranslation)} />
        <Choose label="Sort by" items={SORTS} value={sort} onChange={refine(setSort)} />
      </div>
      <Notice outcome={error === null ? null : { text: error, failed: true }} />
      <p className="studio-count" aria-live="polite">
        {list === null
          ? 'Loading the sheets…'
          : list.total <= PAGE_SIZE
            ? `${list.total} ${list.total === 1 ? 'sheet' : 'sheets'}`
            : `Sheets ${list.offset + 1}–${last} of ${list.total.toLocaleString()}`}
      </p>
      {list !== null && list.sheets.length > 0 && (
        <table className="studio-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="studio-visually-hidden">Image</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Languages</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {list.sheets.map((sheet) => (
              <tr key={sheet.id}>
                <td className="studio-table__image">{sheet.image !== null && <img src={sheet.image.url} alt="" width={64} height={48} loading="lazy" />}</td>
                <th scope="row">
                  <Link href={`${context.basePath}/studio/sheets/${encodeURIComponent(sheet.id)}`}>{sheet.title}</Link>
                </th>
                <td>
                  <span className={`studio-status studio-status--${sheet.status}`}>{STATUS_WORDS[sheet.status]}</span>
                  {sheet.attention && <span className="studio-status studio-status--attention">{STATUS_WORDS.attention}</span>}
                  {sheet.scheduled !== null && (
                    <span className="studio-scheduled">
                      {sheet.scheduled.action === 'publish' ? 'Publishes' : 'Unpublishes'} {new Date(sheet.scheduled.dueAt).toLocaleString()}
                    </span>
                  )}
                </td>
                <td>
                  {sheet.languages.map(languageTag).join(', ')}
                  {sheet.outdated.length > 0 && (
                    <span className="studio-status studio-status--outdated">Outdated: {sheet.outdated.map(languageTag).join(', ')}</span>
                  )}
                </td>
                <td>
                  {sheet.updatedAt === null ? '' : new Date(sheet.updatedAt).toLocaleString()}
                  {sheet.updatedBy === null ? '' : <span className="studio-by"> by {sheet.updatedBy}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list !== null && list.total > PAGE_SIZE && (
        <nav className="studio-pages" aria-label="Pages of sheets">
          <Button className="studio-button" isDisabled={offset === 0} onPress={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous {PAGE_SIZE}
          </Button>
          <Button className="studio-button" isDisabled={last >= list.total} onPress={() => setOffset(offset + PAGE_SIZE)}>
            Next {PAGE_SIZE}
          </Button>
        </nav>
      )}
    </section>
  );
}
