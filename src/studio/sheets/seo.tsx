/**
 * A sheet's search-engine record (docs/seo.md, "Record data and templates"): the address name of
 * its record page, the name and fields the record page's templates fill in, its own head tags,
 * canonical and language addresses, and whether search engines may index it. Part of the draft,
 * saved and merged with it. The previews are the page settings' own: the search-result snippet,
 * filled from the record page's templates as the site fills them (shared/seo-templates.ts), and
 * the site's verdict on each head tag.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Disclosure, DisclosurePanel, Heading, Input, TextArea } from 'react-aria-components';
import type { SheetState } from '../../sheet/shape';
import { linkProblem } from '../../shared/links';
import { fillSeoTemplate, HEAD_TAGS_FIELD } from '../../shared/seo-templates';
import { call, languageName, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import type { PageDefinition } from '../../page-model/page-definition';

type RecordPage = PageDefinition;
import { TextEntry } from '../common/text-entry';
import { HeadTagsReview, SearchSnippet } from '../common/search-preview';

type Seo = NonNullable<SheetState['seo']>;

interface SheetSeoProps {
  context: StudioContext;
  draft: SheetState;
  siteLanguages: string[];
  /** The server's problems with the record's fields, by `seo.<field>`. */
  problems: Map<string, string>;
  onChange: (seo: Seo | null) => void;
}

/** The record a sheet starts with: its own address name, title and description. */
function recordFor(draft: SheetState): Seo {
  const texts = draft.translations[draft.primaryLanguage];
  return {
    urlAlias: draft.urlName,
    recordName: texts?.title ?? '',
    objectName: 'Literature Sheet',
    fields: { Title: texts?.title ?? '', Description: texts?.description ?? '' },
    hrefLangUrls: {},
    canonicalUrl: null,
    isSeoIndexed: true,
  };
}

/** The page that shows one record (its path ends in /:recordId), as its draft is now; null when there is none. */
function useRecordPage(context: StudioContext, open: boolean): RecordPage | null | undefined {
  const [page, setPage] = useState<RecordPage | null | undefined>(undefined);
  useEffect(() => {
    if (!open || page !== undefined) return;
    void (async () => {
      const pages = await call(context, { operation: editingApi.pages.list });
      const found = pages.find((candidate) => candidate.path.endsWith('/:recordId'));
      if (found === undefined) return setPage(null);
      const view = await call(context, { operation: editingApi.pages.view, params: { id: found.name } });
      setPage(view.draft);
    })().catch(() => setPage(null));
  }, [context, open, page]);
  return page;
}

/** The record's own fields ({!Record.Name} in the record page's templates): each changed or removed, and a new one added. */
function RecordFields({
  fields,
  problems,
  setField,
}: {
  fields: Seo['fields'];
  problems: SheetSeoProps['problems'];
  setField: (name: string, value: string | undefined) => void;
}) {
  const [newField, setNewField] = useState('');
  return (
    <fieldset className="studio-seo__group">
      <legend>Fields</legend>
      <p className="studio-hint">Each is {'{!Record.Name}'} in the record page’s templates.</p>
      {Object.entries(fields)
        .filter(([name]) => name !== HEAD_TAGS_FIELD)
        .map(([name, value]) => (
          <div key={name} className="studio-seo__row">
            <TextEntry label={name} value={value} onChange={(next) => setField(name, next)} problem={problems.get(`seo.fields.${name}`)}>
              <Input />
            </TextEntry>
            <Button
              className="studio-button studio-button--small studio-button--quiet"
              aria-label={`Remove the field ${name}`}
              onPress={() => setField(name, undefined)}
            >
              Remove
            </Button>
          </div>
        ))}
      <div className="studio-seo__row">
        <TextEntry
          label="New field name"
          value={newField}
          onChange={setNewField}
          problem={/^[A-Za-z0-9_.:-]{0,255}$/.test(newField) ? undefined : 'A field name holds letters, digits and _ . : - only.'}
        >
          <Input spellCheck={false} />
        </TextEntry>
        <Button
          className="studio-button studio-button--small"
          isDisabled={newField === '' || !/^[A-Za-z0-9_.:-]{1,255}$/.test(newField) || Object.hasOwn(fields, newField)}
          onPress={() => {
            setField(newField, '');
            setNewField('');
          }}
        >
          Add the field
        </Button>
      </div>
    </fieldset>
  );
}

export function SheetSeo({ context, draft, siteLanguages, problems, onChange }: SheetSeoProps) {
  const [open, setOpen] = useState(false);
  const page = useRecordPage(context, open);
  const seo = draft.seo;
  const change = (patch: Partial<Seo>) => seo !== null && onChange({ ...seo, ...patch });
  const setField = (name: string, value: string | undefined) => {
    if (seo === null) return;
    const fields = { ...seo.fields };
    if (value === undefined) delete fields[name];
    else fields[name] = value;
    change({ fields });
  };
  /** Why an address cannot be used: checked as typed by the site's own rules, else the server's reason. */
  const addressProblem = (value: string | null | undefined, at: string) => {
    const local = value ? linkProblem(value) : null;
    return local !== null ? `This address cannot be used: ${local}.` : problems.get(at);
  };

  return (
    <Disclosure className="studio-panel studio-seo" isExpanded={open} onExpandedChange={setOpen}>
      <Heading level={2} className="studio-preview__heading">
        <Button slot="trigger" className="studio-disclosure">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> Search engines
        </Button>
      </Heading>
      <DisclosurePanel>
        {seo === null ? (
          <>
            <p>This sheet has no search-engine record: no record page shows it, and the delivery API has no SEO properties for it.</p>
            <Button className="studio-button" onPress={() => onChange(recordFor(draft))}>
              Add search-engine settings
            </Button>
          </>
        ) : (
          <div className="studio-seo__body">
            <div className="studio-seo__fields">
              <TextEntry
                label="Record page address name"
                value={seo.urlAlias ?? ''}
                onChange={(value) => change({ urlAlias: value === '' ? null : value })}
                problem={problems.get('seo.urlAlias')}
                description={
                  page
                    ? `The record page shows this sheet at ${context.basePath}${page.path.replace(':recordId', seo.urlAlias ?? draft.id)}.`
                    : 'Letters, digits and . _ ~ -; the record page’s address ends with it.'
                }
              >
                <Input spellCheck={false} />
              </TextEntry>
              <TextEntry
                label="Record name"
                value={seo.recordName}
                onChange={(recordName) => change({ recordName })}
                problem={problems.get('seo.recordName')}
                description="{!Record._Title} in the record page’s title and description."
              >
                <Input />
              </TextEntry>
              <TextEntry
                label="Kind of record"
                value={seo.objectName}
                onChange={(objectName) => change({ objectName })}
                problem={problems.get('seo.objectName')}
                description="{!Record._Object}, e.g. Literature Sheet."
              >
                <Input />
              </TextEntry>
              <RecordFields fields={seo.fields} problems={problems} setField={setField} />
              <TextEntry
                label="Head tags of this record"
                value={seo.fields[HEAD_TAGS_FIELD] ?? ''}
                onChange={(value) => setField(HEAD_TAGS_FIELD, value === '' ? undefined : value)}
                problem={problems.get(`seo.fields.${HEAD_TAGS_FIELD}`)}
                description="Meta, link and JSON-LD tags the record page adds where its head tags name this field; the site keeps only safe ones."
              >
                <TextArea rows={4} spellCheck={false} />
              </TextEntry>
              <TextEntry
                label="Canonical address"
                value={seo.canonicalUrl ?? ''}
                onChange={(value) => change({ canonicalUrl: value === '' ? null : value })}
                problem={addressProblem(seo.canonicalUrl, 'seo.canonicalUrl')}
                description="Empty: the record page’s own address. Else an https:// address or a path on this site."
              >
                <Input inputMode="url" spellCheck={false} />
              </TextEntry>
              {siteLanguages.length > 1 && (
                <fieldset className="studio-seo__group">
                  <legend>Address in each language</legend>
                  <p className="studio-hint">Empty: the site’s own address for the language.</p>
                  {siteLanguages.map((language) => (
                    <TextEntry
                      key={language}
                      label={languageName(language)}
                      value={seo.hrefLangUrls[language] ?? ''}
                      onChange={(value) => {
                        const hrefLangUrls = { ...seo.hrefLangUrls };
                        if (value === '') delete hrefLangUrls[language];
                        else hrefLangUrls[language] = value;
                        change({ hrefLangUrls });
                      }}
                      problem={addressProblem(seo.hrefLangUrls[language], `seo.hrefLangUrls.${language}`)}
                    >
                      <Input inputMode="url" spellCheck={false} />
                    </TextEntry>
                  ))}
                </fieldset>
              )}
              <Checkbox className="studio-checkbox" isSelected={seo.isSeoIndexed} onChange={(isSeoIndexed) => change({ isSeoIndexed })}>
                <span className="studio-checkbox__box" aria-hidden="true" />
                Search engines may index the record page
              </Checkbox>
              <Button className="studio-button studio-button--small studio-button--quiet" onPress={() => onChange(null)}>
                Remove the search-engine settings
              </Button>
            </div>
            <RecordPreview context={context} seo={seo} page={page} id={draft.id} />
          </div>
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}

/** The record page's snippet and head tags, as the site fills its templates with this record. */
function RecordPreview({ context, seo, page, id }: { context: StudioContext; seo: Seo; page: RecordPage | null | undefined; id: string }) {
  if (page === undefined) return <p role="status">Loading the record page…</p>;
  const record = { recordName: seo.recordName, objectName: seo.objectName, fields: seo.fields };
  const address = page === null ? null : `${window.location.origin}${context.basePath}${page.path.replace(':recordId', seo.urlAlias ?? id)}`;
  const title = page === null ? seo.recordName : fillSeoTemplate(page.seo.pageTitle, record, 'title').replace(/<[^>]*>/g, '');
  const description = page === null ? (seo.fields.Description ?? '') : fillSeoTemplate(page.seo.description ?? '', record, 'description');
  const headTags = page === null ? (seo.fields[HEAD_TAGS_FIELD] ?? '') : fillSeoTemplate(page.seo.customHeadTags ?? '', record, 'headTags');
  return (
    <div className="studio-seo__preview">
      {page === null && (
        <p className="studio-hint">
          No page shows records yet (a page whose path ends in /:recordId). This is how the record would look with its name as the title and its Description
          field as the description.
        </p>
      )}
      <SearchSnippet
        title={title}
        address={address ?? `(record page)/${seo.urlAlias ?? id}`}
        description={description.replace(/&apos;/g, "'").replace(/&quot;/g, '"')}
      />
      <HeadTagsReview html={headTags} basePath={context.basePath} />
      {seo.isSeoIndexed ? null : <p className="studio-hint">Search engines are asked not to index the record page (noindex, nofollow).</p>}
    </div>
  );
}
