/**
 * Small pieces every studio screen uses: a labelled choice from a list (react-aria Select), the
 * line that says how the last action went, and asking the editing API again as a question changes
 * with only the latest answer shown.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Label, ListBox, ListBoxItem, Modal, Popover, Select, SelectValue } from 'react-aria-components';
import { addressOf, callAt, type Call, type StudioContext } from './api';
import type { AnswerOf, Operation } from '../../editing-contract/operations';

export interface Choice {
  id: string | number;
  name: string;
}

interface ChooseProps<K extends string | number> {
  label: string;
  items: Choice[];
  value: K;
  onChange: (value: K) => void;
  isDisabled?: boolean;
}

export function Choose<K extends string | number>({ label, items, value, onChange, isDisabled = false }: ChooseProps<K>) {
  return (
    <Select
      className="studio-field"
      selectedKey={value}
      onSelectionChange={(key) => onChange((typeof value === 'number' ? Number(key) : String(key)) as K)}
      isDisabled={isDisabled}
    >
      <Label>{label}</Label>
      <Button className="studio-select">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="studio-popover">
        <ListBox items={items}>{(item) => <ListBoxItem className="studio-option">{item.name}</ListBoxItem>}</ListBox>
      </Popover>
    </Select>
  );
}

interface ConfirmedProps {
  /** The button that asks, and its name for screen readers when its words are not enough. */
  trigger: { label: string; ariaLabel?: string; className: string; isDisabled?: boolean };
  question: string;
  /** What happens, in words. */
  children: ReactNode;
  keep: string;
  confirm: string;
  onConfirm: () => void;
}

/** An action asked about first (an alert dialog; the safe answer has the focus). */
export function Confirmed({ trigger, question, children, keep, confirm, onConfirm }: ConfirmedProps) {
  return (
    <DialogTrigger>
      <Button
        className={trigger.className}
        isDisabled={trigger.isDisabled ?? false}
        {...(trigger.ariaLabel === undefined ? {} : { 'aria-label': trigger.ariaLabel })}
      >
        {trigger.label}
      </Button>
      <Modal isDismissable className="studio-modal">
        <Dialog role="alertdialog" className="studio-dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{question}</Heading>
              <p>{children}</p>
              <div className="studio-dialog__actions">
                <Button className="studio-button" autoFocus onPress={close}>
                  {keep}
                </Button>
                <Button
                  className="studio-button studio-button--quiet"
                  onPress={() => {
                    close();
                    onConfirm();
                  }}
                >
                  {confirm}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** What a row of a list is (its title) and a line about it, beside the row's actions. */
export function RowLabel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <span className="studio-rows__main">
      <strong>{title}</strong>
      <span className="studio-hint">{children}</span>
    </span>
  );
}

export interface Outcome {
  text: string;
  failed: boolean;
}

/** How the last action went: a failure is an alert, a success a status (both announced). */
export function Notice({ outcome, children }: { outcome: Outcome | null; children?: React.ReactNode }) {
  if (outcome === null) return null;
  return (
    <p className={outcome.failed ? 'studio-error' : 'studio-note'} role={outcome.failed ? 'alert' : 'status'}>
      {outcome.text}
      {children}
    </p>
  );
}

/** The words of a failure, whatever was thrown. */
export const wordsOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The API's answer to `asked`, asked `delayMs` after its address (or `again`) last changed: typing
 * asks again, and an answer to an earlier question is never shown over a later one. Null asks
 * nothing yet (what it names is not known).
 */
export function useAnswer<O extends Operation>(
  context: StudioContext,
  asked: Call<O> | null,
  delayMs: number,
  again: number | string = 0,
): { answer: AnswerOf<O> | null; error: string | null } {
  const [answer, setAnswer] = useState<AnswerOf<O> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const operation = asked?.operation ?? null;
  // The address says all a question asks: the hook asks again when it changes, not on each render.
  const address = asked === null ? null : addressOf(context, asked);
  useEffect(() => {
    if (operation === null || address === null) return;
    let current = true;
    const timer = setTimeout(() => {
      callAt(context, operation, address).then(
        (found) => current && (setAnswer(found), setError(null)),
        (failure: unknown) => current && setError(wordsOf(failure)),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `again` moves on when the answer is known to have changed (a sheet made here, another screen): asked again.
  }, [context, operation, address, delayMs, again]);
  return { answer, error };
}

/**
 * A list an admin screen shows and changes (accounts, webhooks): read when the screen opens, and
 * again after each action, which is one at a time (`busy` meanwhile) and says how it went.
 */
export function useListActions<O extends Operation>(context: StudioContext, operation: O) {
  const [list, setList] = useState<AnswerOf<O> | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const read = useCallback(() => callAt(context, operation, addressOf(context, { operation } as Call<O>)), [context, operation]);
  // Read as the screen opens; the list is set once the answer is in.
  useEffect(() => {
    read().then(setList, (error: unknown) => setOutcome({ text: wordsOf(error), failed: true }));
  }, [read]);
  /** Runs an action; its answer is the words saying it was done. */
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ text: await run(), failed: false });
      setList(await read());
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  return { list, outcome, setOutcome, busy, act };
}
