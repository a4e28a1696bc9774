/**
 * The studio's first screen: every sheet of the collection with its status and languages, search
 * as you type and a filter by status. Built from react-aria-components, so it is usable by
 * keyboard and announced to screen readers.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Label, ListBox, ListBoxItem, Popover, SearchField, Select, SelectValue } from 'react-aria-components';
import { callApi, type SheetList, type SheetStatus, type StudioContext } from './api';
import { PdfDrop } from './pdf-drop';

const STATUS_WORDS: Record<SheetStatus, string> = { draft: 'Draft', published: 'Published', changed: 'Changed since publish' };
const FILTERS = [{ id: 'all', name: 'All statuses' }, ...Object.entries(STATUS_WORDS).map(([id, name]) => ({ id, name }))];

export function SheetsScreen({ context }: { context: StudioContext }) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('all');
  const [list, setList] = useState<SheetList | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Moves on when sheets were made here, so the list asks again.
  const [made, setMade] = useState(0);

  useEffect(() => {
    const asked = new URLSearchParams({ limit: '200', ...(query.trim() === '' ? {} : { q: query.trim() }), ...(status === 'all' ? {} : { status }) });
    let current = true;
    // Typing asks again; only the answer to the latest question is shown.
    const timer = setTimeout(() => {
      callApi<SheetList>(context, 'GET', `/sheets?${asked.toString()}`).then(
        (answer) => current && (setList(answer), setError(null)),
        (failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [context, query, status, made]);

  return (
    <section className="studio-sheets" aria-labelledby="sheets-heading">
      <h1 id="sheets-heading">Sheets</h1>
      <PdfDrop context={context} onCreated={() => setMade((count) => count + 1)} />
      <div className="studio-sheets__tools">
        <SearchField className="studio-field" value={query} onChange={setQuery}>
          <Label>Search titles</Label>
          <Input />
        </SearchField>
        <Select className="studio-field" selectedKey={status} onSelectionChange={(key) => setStatus(String(key))}>
          <Label>Status</Label>
          <Button className="studio-select">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="studio-popover">
            <ListBox items={FILTERS}>{(item) => <ListBoxItem className="studio-option">{item.name}</ListBoxItem>}</ListBox>
          </Popover>
        </Select>
      </div>
      {error !== null && (
        <p className="studio-error" role="alert">
          {error}
        </p>
      )}
      <p className="studio-count" aria-live="polite">
        {list === null ? 'Loading the sheets…' : `${list.total} ${list.total === 1 ? 'sheet' : 'sheets'}`}
      </p>
      {list !== null && list.sheets.length > 0 && (
        <table className="studio-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Languages</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {list.sheets.map((sheet) => (
              <tr key={sheet.id}>
                <th scope="row">{sheet.title}</th>
                <td>
                  <span className={`studio-status studio-status--${sheet.status}`}>{STATUS_WORDS[sheet.status]}</span>
                </td>
                <td>{sheet.languages.map((language) => language.replace('_', '-')).join(', ')}</td>
                <td>{sheet.updatedAt === null ? '' : new Date(sheet.updatedAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
