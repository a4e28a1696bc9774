/** The page's settings as the editor sets them: its heading, its grid's search field, and what search engines read. */
import { Checkbox, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import type { Settings } from '../common/page-api';

interface PageSettingsFormProps {
  settings: Settings;
  /** The handler that sets one of the settings. */
  change: <F extends keyof Settings>(field: F) => (value: Settings[F]) => void;
}

export function PageSettingsForm({ settings, change }: PageSettingsFormProps) {
  return (
    <div className="studio-panel">
      <h2>Heading</h2>
      <TextField className="studio-field" value={settings.heading} onChange={change('heading')}>
        <Label>Page heading</Label>
        <Input />
        <Text slot="description">The large heading at the top of the page.</Text>
      </TextField>
      {settings.searchable !== null && (
        <>
          <h2>Literature grid</h2>
          <div className="studio-choice">
            <Checkbox className="studio-checkbox" isSelected={settings.searchable} onChange={change('searchable')} aria-describedby="page-searchable-hint">
              <span className="studio-checkbox__box" aria-hidden="true" />
              Search field above the grid
            </Checkbox>
            <p className="studio-hint" id="page-searchable-hint">
              Visitors can search the sheets. It also turns on the topic pages (/topics/…) and the Topics menu in the header.
            </p>
          </div>
        </>
      )}
      <h2>Search engines</h2>
      <TextField className="studio-field" value={settings.pageTitle} onChange={change('pageTitle')} isRequired>
        <Label>Page title</Label>
        <Input />
        <Text slot="description">The title in the browser’s tab and in search results.</Text>
      </TextField>
      <TextField className="studio-field" value={settings.description} onChange={change('description')}>
        <Label>Description</Label>
        <TextArea rows={3} />
        <Text slot="description">The text under the title in search results.</Text>
      </TextField>
      <TextField className="studio-field" value={settings.customHeadTags} onChange={change('customHeadTags')}>
        <Label>Custom head tags</Label>
        <TextArea rows={6} className="studio-code" spellCheck={false} />
        <Text slot="description">Meta, link and JSON-LD script elements for the page’s head; the site keeps only safe ones (listed below as you type).</Text>
      </TextField>
    </div>
  );
}
