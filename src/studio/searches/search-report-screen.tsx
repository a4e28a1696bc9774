/**
 * What visitors searched for (docs/search.md, "What searches found nothing"), page language by
 * page language: the last 30 days' queries, those that found nothing first, with how often they
 * were made and how many sheets they found; and the sheets visitors opened from their results.
 * A query that found nothing can be made to mean a word that finds what was meant: a synonym.
 */
import { useState } from 'react';
import { Button, Form, Input, Label, Link, TextField } from 'react-aria-components';
import { languageNameIn } from '../../shared/languages';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';
import { Notice, useAnswer, wordsOf, type Outcome } from '../common/parts';

/** One language's searches and opens, as the search report answers them. */
type LanguageReport = AnswerOf<typeof editingApi.searchReport.view>['languages'][number];

export function SearchReportScreen({ context }: { context: StudioContext }) {
  const [again, setAgain] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { answer: report, error } = useAnswer(context, { operation: editingApi.searchReport.view }, 0, again);

  const addSynonym = async (query: string, means: string) => {
    try {
      await call(context, { operation: editingApi.synonyms.create, body: { query, means } });
      setOutcome({ text: `“${query}” now finds what “${means}” finds.`, failed: false });
      setAgain((count) => count + 1);
    } catch (failure) {
      setOutcome({ text: wordsOf(failure), failed: true });
    }
  };

  return (
    <section className="studio-searches" aria-labelledby="searches-heading">
      <h1 id="searches-heading">Searches</h1>
      <Notice outcome={error === null ? outcome : { text: error, failed: true }} />
      {report === null ? (
        <p className="studio-count">Loading what visitors searched for…</p>
      ) : !report.enabled ? (
        <p className="studio-note">Searches are not counted on this site (SEARCH_REPORT is false).</p>
      ) : report.languages.length === 0 ? (
        <p className="studio-count">No searches in the last {report.days} days.</p>
      ) : (
        <>
          <p className="studio-hint">
            The last {report.days} days, counted without cookies or addresses. Queries that found nothing come first: give one a word that finds what was meant,
            and it will.
          </p>
          {report.languages.map((language) => (
            <LanguageSearches key={language.language} report={language} onSynonym={addSynonym} basePath={context.basePath} />
          ))}
        </>
      )}
    </section>
  );
}

function LanguageSearches({
  report,
  onSynonym,
  basePath,
}: {
  report: LanguageReport;
  onSynonym: (query: string, means: string) => Promise<void>;
  basePath: string;
}) {
  const name = languageNameIn(report.language, 'en-US');
  const headingId = `searches-${report.language}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <table className="studio-table">
        <caption className="studio-visually-hidden">Queries on the {name} pages</caption>
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Searches</th>
            <th scope="col">Sheets found</th>
            <th scope="col">Means</th>
          </tr>
        </thead>
        <tbody>
          {report.queries.map((row) => (
            <tr key={row.query}>
              <th scope="row">{row.query}</th>
              <td data-column="Searches">{row.searches}</td>
              <td data-column="Sheets found">{row.found === 0 ? <strong>none</strong> : row.found}</td>
              <td>{row.found === 0 && <SynonymForm query={row.query} onSynonym={onSynonym} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.opened.length > 0 && (
        <>
          <h3>Opened from search</h3>
          <ul className="studio-searches__opened">
            {report.opened.map((sheet) => (
              <li key={sheet.contentId}>
                <Link href={`${basePath}/studio/sheets/${encodeURIComponent(sheet.contentId)}`}>{sheet.title}</Link>: opened {sheet.opens}{' '}
                {sheet.opens === 1 ? 'time' : 'times'}, from “{sheet.queries.join('”, “')}”
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SynonymForm({ query, onSynonym }: { query: string; onSynonym: (query: string, means: string) => Promise<void> }) {
  const [means, setMeans] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Form
      className="studio-searches__synonym"
      onSubmit={(event) => {
        event.preventDefault();
        if (means.trim() === '') return;
        setBusy(true);
        void onSynonym(query, means.trim()).finally(() => setBusy(false));
      }}
    >
      <TextField className="studio-field" value={means} onChange={setMeans} isRequired>
        <Label className="studio-visually-hidden">What “{query}” means</Label>
        <Input placeholder="a word that finds it" />
      </TextField>
      <Button className="studio-button studio-button--small" type="submit" isDisabled={busy}>
        Add synonym<span className="studio-visually-hidden">: “{query}”</span>
      </Button>
    </Form>
  );
}
