/**
 * The date and time a publish is planned for, in the editor's own time zone: the field, and the
 * time it starts at. The sheet's schedule and a release's share it.
 */
import { useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';

/** A datetime-local input's value for a moment, in the browser's time zone. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

/** The next whole hour but one: far enough ahead to be a plan, near enough to be the usual one. */
export const usePlannedTime = () => useState(() => localInputValue(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000)));

export function TimeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField className="studio-field" value={value} onChange={onChange}>
      <Label>Date and time</Label>
      <Input type="datetime-local" step={1} />
      <Text slot="description">In your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</Text>
    </TextField>
  );
}
