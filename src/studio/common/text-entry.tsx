/** One text field of the studio's forms, as react-aria builds it: label, input, hint, and the reason it is refused. */
import type { ReactNode } from 'react';
import { FieldError, Label, Text, TextField } from 'react-aria-components';

interface TextEntryProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the value cannot be used, shown under it and announced; undefined when it can. */
  problem: string | undefined;
  description?: string;
  required?: boolean;
  /** The input: <Input> or <TextArea>. */
  children: ReactNode;
}

/** One text of a sheet: its label, its input, a hint and the reason it is refused, if it is. */
export function TextEntry({ label, value, onChange, problem, description, required = false, children }: TextEntryProps) {
  return (
    <TextField className="studio-field" value={value} onChange={onChange} isInvalid={problem !== undefined} isRequired={required} validationBehavior="aria">
      <Label>{label}</Label>
      {children}
      {description !== undefined && <Text slot="description">{description}</Text>}
      <FieldError>{problem}</FieldError>
    </TextField>
  );
}
