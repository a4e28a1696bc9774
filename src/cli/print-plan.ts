/** An import plan (transfer/import-plan.ts) as an operator reads it in a terminal. */
import type { ImportPlan, PlanEntry } from '../transfer/import-plan';

const MAX_SHOWN = 60;
const cut = (value: string | null) => (value === null ? '(none)' : JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value));

export function formatPlan(plan: ImportPlan): string {
  const groups: Array<[PlanEntry['action'], string, string]> = [
    ['add', 'Adds', '+'],
    ['change', 'Changes', '~'],
    ['remove', 'Takes off its collection (the sheet stays in the store)', '-'],
  ];
  const lines: string[] = [];
  for (const [action, heading, mark] of groups) {
    const entries = plan.entries.filter((entry) => entry.action === action);
    if (entries.length === 0) continue;
    lines.push(`${heading} (${entries.length}):`);
    for (const entry of entries) {
      lines.push(`  ${mark} ${entry.record}`);
      for (const field of entry.fields) lines.push(`      ${field.field}: ${cut(field.before)} → ${cut(field.after)}`);
    }
  }
  const kept = plan.entries.filter((entry) => entry.action === 'keep').length;
  lines.push(
    kept === 0
      ? 'Leaves nothing else alone: every record in the file changes something.'
      : `Leaves alone ${kept} record${kept === 1 ? '' : 's'} the file carries unchanged.`,
  );
  return lines.join('\n');
}

export function countOf(plan: ImportPlan, action: PlanEntry['action']): number {
  return plan.entries.filter((entry) => entry.action === action).length;
}
