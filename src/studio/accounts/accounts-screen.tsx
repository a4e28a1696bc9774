/**
 * Accounts, for admins: who may sign in and what each may do. Add an account with a temporary
 * password (it chooses its own at its first sign-in), change a role, disable or enable, set a new
 * temporary password. The server keeps the last admin and writes each change to the audit log.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, Text, TextField } from 'react-aria-components';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf, type Sent } from '../../editing-contract/operations';
import { Choose, Notice, RowLabel, useAnswer, useListActions, wordsOf, type Outcome } from '../common/parts';

type Account = AnswerOf<typeof editingApi.accounts.list>[number];
type Policy = AnswerOf<typeof editingApi.settings.view>['review'];
type AccountChange = Sent<typeof editingApi.accounts.change>['body'];

const ROLES = [
  { id: 'editor', name: 'Editor: content' },
  { id: 'admin', name: 'Admin: content, accounts and the audit log' },
  { id: 'visitor', name: 'Visitor: signed-in pages only' },
];

const REVIEW_POLICIES = [
  { id: 'off', name: 'Off: editors publish their own changes' },
  { id: 'editors', name: 'Another editor or an admin approves' },
  { id: 'admins', name: 'Only an admin approves' },
];

/** Whether publishing needs a second person's approval, and whose: the site's setting, for admins. */
function ReviewSetting({ context }: { context: StudioContext }) {
  const { answer } = useAnswer(context, { operation: editingApi.settings.view }, 0);
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const shown = policy ?? answer?.review ?? null;
  if (shown === null) return null;
  const change = async (next: Policy) => {
    setPolicy(next);
    setOutcome(null);
    try {
      const saved = await call(context, { operation: editingApi.settings.change, body: { review: next } });
      setPolicy(saved.review);
      setOutcome({ text: next === 'off' ? 'Publishing needs no approval now.' : 'Publishing needs an approval from now on.', failed: false });
    } catch (error) {
      setPolicy(answer?.review ?? null);
      setOutcome({ text: wordsOf(error), failed: true });
    }
  };
  return (
    <div className="studio-panel">
      <h2>Review before publish</h2>
      <p className="studio-hint">
        With review on, a sheet, the page or the order is published only after someone other than its author approves the draft as it is; a change after the
        approval needs another. Scheduled publishing waits for it too.
      </p>
      <Choose label="Publishing needs approval" items={REVIEW_POLICIES} value={shown} onChange={(next) => void change(next)} />
      <Notice outcome={outcome} />
    </div>
  );
}

/** One account: its role, enabling or disabling it, and the button that opens the temporary-password dialog. */
function AccountRow({
  account,
  busy,
  change,
  onReset,
  resetButton,
}: {
  account: Account;
  busy: boolean;
  change: (email: string, body: Record<string, unknown>, done: string) => Promise<void>;
  onReset: () => void;
  resetButton: (element: HTMLButtonElement | null) => void;
}) {
  return (
    <li>
      <RowLabel title={<>{account.email}</>}>
        Since {new Date(account.createdAt).toLocaleDateString()}
        {account.disabled ? '; disabled: cannot sign in' : ''}
        {account.mustChangePassword ? '; has a temporary password' : ''}
      </RowLabel>
      <span className="studio-order__moves">
        <Choose<string>
          label={`Role of ${account.email}`}
          items={ROLES}
          value={account.role}
          isDisabled={busy}
          onChange={(role) =>
            role !== account.role && void change(account.email, { role }, `${account.email} is ${role === 'admin' ? 'an admin' : `a ${role}`} now.`)
          }
        />
        <Button
          className="studio-button studio-button--small studio-button--quiet"
          isDisabled={busy}
          onPress={() =>
            void change(
              account.email,
              { disabled: !account.disabled },
              account.disabled ? `${account.email} can sign in again.` : `${account.email} is disabled and signed out.`,
            )
          }
        >
          {account.disabled ? `Enable ${account.email}` : `Disable ${account.email}`}
        </Button>
        <Button className="studio-button studio-button--small studio-button--quiet" isDisabled={busy} onPress={onReset} ref={resetButton}>
          Set a temporary password for {account.email}
        </Button>
      </span>
    </li>
  );
}

export function AccountsScreen({ context }: { context: StudioContext }) {
  const { list: accounts, outcome: message, busy, act } = useListActions(context, editingApi.accounts.list);
  const [draft, setDraft] = useState<{ email: string; role: Account['role']; password: string }>({ email: '', role: 'editor', password: '' });
  const [reset, setReset] = useState<{ email: string; password: string } | null>(null);
  // The temporary-password form closed: the keyboard goes back to the button that opened it, once it is enabled again.
  const resetButtons = useRef(new Map<string, HTMLButtonElement>());
  // Whose button that is. A ref, not state: nothing on screen shows it, and the renders it waits for
  // (the form closing, its action ending) come by themselves.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (reset !== null || busy || returnTo.current === null) return;
    resetButtons.current.get(returnTo.current)?.focus();
    returnTo.current = null;
  }, [reset, busy]);
  const closeReset = (email: string) => {
    returnTo.current = email;
    setReset(null);
  };

  const change = (email: string, body: AccountChange, done: string) =>
    act(async () => {
      await call(context, { operation: editingApi.accounts.change, params: { email }, body });
      return done;
    });

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await call(context, { operation: editingApi.accounts.create, body: { ...draft, temporary: true } });
      setDraft({ email: '', role: 'editor', password: '' });
      return `${draft.email} can sign in now with the temporary password, and will choose their own then.`;
    });
  };

  return (
    <section className="studio-accounts" aria-labelledby="accounts-heading">
      <h1 id="accounts-heading">Accounts</h1>
      <Notice outcome={message} />
      <ReviewSetting context={context} />
      <form className="studio-panel" onSubmit={add} aria-labelledby="add-account-heading">
        <h2 id="add-account-heading">Add an account</h2>
        <div className="studio-sheets__tools">
          <TextField className="studio-field" value={draft.email} onChange={(email) => setDraft({ ...draft, email })} type="email" isRequired>
            <Label>Email</Label>
            <Input autoComplete="off" />
          </TextField>
          <Choose label="Role" items={ROLES} value={draft.role} onChange={(role) => setDraft({ ...draft, role })} />
          <TextField className="studio-field" value={draft.password} onChange={(password) => setDraft({ ...draft, password })} isRequired>
            <Label>Temporary password</Label>
            <Input autoComplete="new-password" />
            <Text slot="description">Tell it to them; they choose their own at their first sign-in.</Text>
          </TextField>
        </div>
        <div className="studio-actions">
          <Button type="submit" className="studio-button" isDisabled={busy}>
            Add the account
          </Button>
        </div>
      </form>
      <div className="studio-panel">
        <h2>Everyone who can sign in</h2>
        {accounts === null ? (
          <p>Loading…</p>
        ) : (
          <ul className="studio-rows">
            {accounts.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                busy={busy}
                change={change}
                onReset={() => setReset({ email: account.email, password: '' })}
                resetButton={(element) => {
                  if (element === null) resetButtons.current.delete(account.email);
                  else resetButtons.current.set(account.email, element);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {/* A dialog, so that it opens where the editor is, not below the list (D11). */}
      <Modal isOpen={reset !== null} isDismissable onOpenChange={(open) => !open && reset !== null && closeReset(reset.email)} className="studio-modal">
        <Dialog className="studio-dialog" aria-labelledby="reset-heading">
          {reset !== null && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const { email, password } = reset;
                closeReset(email);
                void change(email, { password, temporary: true }, `${email} is signed out and chooses a new password at their next sign-in.`);
              }}
            >
              <Heading id="reset-heading" slot="title">
                A temporary password for {reset.email}
              </Heading>
              <TextField className="studio-field" value={reset.password} onChange={(password) => setReset({ ...reset, password })} isRequired autoFocus>
                <Label>Temporary password</Label>
                <Input autoComplete="new-password" />
              </TextField>
              <div className="studio-actions">
                <Button type="submit" className="studio-button">
                  Set it
                </Button>
                <Button className="studio-button studio-button--quiet" onPress={() => closeReset(reset.email)}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </section>
  );
}
