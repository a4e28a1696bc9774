/**
 * A sheet's address on the site: its URL name, which an editor may change. The page it had stays
 * reachable: the old address answers with the new one (301), forever, and no other sheet may take
 * it. Checked as typed by the rule the server applies.
 */
import { Input } from 'react-aria-components';
import { TextEntry } from '../common/text-entry';

const URL_NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

interface SheetAddressProps {
  urlName: string;
  /** `{basePath}/sheets/`: what comes before the name. */
  prefix: string;
  published: boolean;
  oldAddresses: string[];
  problem: string | undefined;
  onChange: (urlName: string) => void;
}

export function SheetAddress({ urlName, prefix, published, oldAddresses, problem, onChange }: SheetAddressProps) {
  const typed = URL_NAME.test(urlName) ? undefined : 'Use letters, digits and . _ ~ - (up to 200), starting with a letter or a digit.';
  return (
    <fieldset className="studio-language" aria-describedby="address-hint">
      <legend>Address</legend>
      <TextEntry
        label="Address name"
        value={urlName}
        onChange={onChange}
        problem={typed ?? problem}
        description={`The sheet's page is ${prefix}${urlName}.${published ? ' Changing it takes effect when you publish; the old address then leads to the new one.' : ''}`}
      >
        <Input spellCheck={false} autoComplete="off" />
      </TextEntry>
      <p className="studio-hint" id="address-hint">
        {oldAddresses.length === 0 ? 'It has had no other address.' : `Earlier addresses, each leading here: ${oldAddresses.join(', ')}.`}
      </p>
    </fieldset>
  );
}
