/**
 * One field changed on two sides, both shown, the editor picking one: a draft's field against
 * another editor's save (sheets/conflict-dialog.tsx), a translation in the draft against a translated
 * file's (translations/plan.tsx). Ours is chosen until the editor says otherwise.
 */
import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';

export type Side = 'ours' | 'theirs';

export interface SideChoiceProps {
  /** What the field is, for people: "Title (German (Germany))". */
  label: ReactNode;
  value: Side;
  onChange: (side: Side) => void;
  ours: { who: string; text: string };
  theirs: { who: string; text: string };
}

export function SideChoice({ label, value, onChange, ours, theirs }: SideChoiceProps) {
  return (
    <RadioGroup className="studio-choice" value={value} onChange={(next) => onChange(next as Side)}>
      <Label className="studio-choice__field">{label}</Label>
      <div className="studio-choice__options">
        {(['ours', 'theirs'] as const).map((side) => {
          const { who, text } = side === 'ours' ? ours : theirs;
          return (
            <Radio key={side} value={side} className="studio-radio">
              <span className="studio-radio__who">{who}</span>
              <span className="studio-radio__text">{text}</span>
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
