/**
 * The signed-in visitor's session in the browser (spec §2.5, §4.4, §6, §8): shortly before the
 * session would be suspended for inactivity the "Still there?" dialog asks whether to continue.
 * Continue Working keeps the session (on the server); Log Out, Close and Escape end it; if nobody
 * answers, the session ends and a toast says so. Guests see none of this. Tabs of the same visitor
 * agree through a BroadcastChannel. Background checks never count as activity; only the visitor's
 * own clicks and keys (at most once a minute) and Continue Working do.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SESSION_WARNING_SECONDS } from '../../shared/constants';
import { pageDataLayer } from '../data/data-layer';
import type { DataStore } from '../data/data-store';
import { publishUser } from './publish-user';
import { createSessionApi, remainingMs, type LiveSessionState, type SessionApi, type SessionState } from './session-api';

export const SESSION_TEXTS = {
  title: 'Still there?',
  body: "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.",
  continueWorking: 'Continue Working',
  logOut: 'Log Out',
  close: 'Close',
  timedOut: 'Your session has timed out. Try again.',
  signedIn: 'You are signed in.',
  signOut: 'Sign out',
} as const;

const WARNING_MS = SESSION_WARNING_SECONDS * 1000;
/** Visitor activity reaches the server at most this often. */
const ACTIVITY_INTERVAL_MS = 60_000;
/** How often a quiet tab checks that its session still stands (never counted as activity). */
const CHECK_INTERVAL_MS = 5 * 60_000;
const CHANNEL = 'literature-session';

type Message = { type: 'continued'; state: LiveSessionState } | { type: 'ended'; reason: 'signedOut' | 'timedOut' };
type View = 'guest' | 'active' | 'warning' | 'signedOut' | 'timedOut';

interface SessionManagerProps {
  api: SessionApi;
  store: DataStore;
}

export function SessionManager({ api, store }: SessionManagerProps) {
  const [view, setView] = useState<View>('guest');
  const session = useRef<LiveSessionState | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const channel = useRef<BroadcastChannel | null>(null);
  const lastActivity = useRef(0);
  /** Bumped when a session ends here, so an answer to a request sent before cannot revive it. */
  const epoch = useRef(0);
  const current = <T,>(run: (value: T) => void) => {
    const at = epoch.current;
    return (value: T) => {
      if (at === epoch.current) run(value);
    };
  };

  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const end = useCallback(
    async (reason: 'signedOut' | 'timedOut', broadcast: boolean) => {
      epoch.current++;
      clearTimers();
      const token = session.current?.csrfToken;
      session.current = null;
      // Anything cached about this visitor goes with the session (issue "Data layer").
      store.clearPersonal();
      publishUser({ isGuest: true });
      setView(reason);
      if (broadcast) channel.current?.postMessage({ type: 'ended', reason } satisfies Message);
      if (token) await api.logOut(token).catch(() => undefined);
    },
    [api, store],
  );

  const schedule = useCallback(
    (state: LiveSessionState) => {
      clearTimers();
      session.current = state;
      publishUser({ isGuest: false, userId: state.userId });
      const remaining = remainingMs(state);
      setView(remaining <= WARNING_MS ? 'warning' : 'active');
      timers.current.push(setTimeout(() => setView('warning'), Math.max(0, remaining - WARNING_MS)));
      timers.current.push(setTimeout(() => void end('timedOut', true), Math.max(0, remaining)));
    },
    [end],
  );

  const apply = useCallback(
    (state: SessionState) => {
      if ('expired' in state) return void end('timedOut', true);
      if (state.isGuest) {
        clearTimers();
        session.current = null;
        publishUser({ isGuest: true });
        return setView((current) => (current === 'timedOut' || current === 'signedOut' ? current : 'guest'));
      }
      // The same end time as before: the timers already aim at it. Rescheduling from a fresh
      // reading would only move them by the time the check took.
      if (state.idleExpiresAt === session.current?.idleExpiresAt) return;
      schedule(state);
      // A new end time (a sign-in, a page opened, activity): the other tabs take it over.
      channel.current?.postMessage({ type: 'continued', state } satisfies Message);
    },
    [end, schedule],
  );

  // Where do we stand? Then keep checking, quietly, while the tab is open.
  useEffect(() => {
    const check = () => void api.read().then(current(apply), () => undefined);
    check();
    const interval = setInterval(check, CHECK_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && session.current !== null && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      clearTimers();
    };
  }, [api, apply]);

  // Tabs of the same visitor agree: continuing or ending in one acts in all.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.type === 'continued') schedule(event.data.state);
      else void end(event.data.reason, false);
    };
    return () => opened.close();
  }, [schedule, end]);

  // The visitor's own clicks and keys keep the session alive; the warning needs an explicit answer.
  useEffect(() => {
    if (view !== 'active') return;
    const onActivity = () => {
      const token = session.current?.csrfToken;
      if (!token || Date.now() - lastActivity.current < ACTIVITY_INTERVAL_MS) return;
      lastActivity.current = Date.now();
      void api.activity(token).then(current(apply), () => undefined);
    };
    window.addEventListener('pointerdown', onActivity, { passive: true });
    window.addEventListener('keydown', onActivity);
    return () => {
      window.removeEventListener('pointerdown', onActivity);
      window.removeEventListener('keydown', onActivity);
    };
  }, [view, api, apply]);

  const continueWorking = async () => {
    const token = session.current?.csrfToken;
    if (!token) return;
    const onAnswer = current(apply);
    onAnswer(await api.continueWorking(token).catch(() => ({ expired: true }) as const));
  };

  return (
    <>
      {(view === 'active' || view === 'warning') && (
        <div className="account-bar" role="region" aria-label="Account">
          <span>{SESSION_TEXTS.signedIn}</span>
          <button type="button" className="button button--secondary" onClick={() => void end('signedOut', true)}>
            {SESSION_TEXTS.signOut}
          </button>
        </div>
      )}
      {view === 'warning' && <StillThereDialog onContinue={() => void continueWorking()} onEnd={() => void end('signedOut', true)} />}
      {view === 'timedOut' && <TimedOutToast onDismiss={() => setView('guest')} />}
    </>
  );
}

/** spec §2.5, §8: "Still there?" as a modal dialog, labelled by its title, focus kept inside and restored. */
function StillThereDialog({ onContinue, onEnd }: { onContinue: () => void; onEnd: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    continueButton.current?.focus();
    return () => {
      if (element.open) element.close();
      previouslyFocused?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="session-dialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-text"
      onCancel={(event) => {
        // Escape is "cancel", which ends the session (spec §4.4).
        event.preventDefault();
        onEnd();
      }}
    >
      <h2 id="session-warning-title" className="heading-medium">
        {SESSION_TEXTS.title}
      </h2>
      <p id="session-warning-text">{SESSION_TEXTS.body}</p>
      <div className="session-dialog__buttons">
        <button ref={continueButton} type="button" className="button button--primary" onClick={onContinue}>
          {SESSION_TEXTS.continueWorking}
        </button>
        <button type="button" className="button button--secondary" onClick={onEnd}>
          {SESSION_TEXTS.logOut}
        </button>
        <button type="button" className="button button--secondary" onClick={onEnd}>
          {SESSION_TEXTS.close}
        </button>
      </div>
    </dialog>
  );
}

function TimedOutToast({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="toast" role="alert">
      <span>{SESSION_TEXTS.timedOut}</span>
      <button type="button" className="toast__dismiss" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Mounts the session manager in its own root, outside the server-rendered page, with the page's
 * data layer (the personal data it holds goes with the session).
 */
export function mountSessionManager(basePath: string): void {
  const container = document.createElement('div');
  container.id = 'session-root';
  document.body.append(container);
  createRoot(container).render(<SessionManager api={createSessionApi(basePath)} store={pageDataLayer(basePath).store} />);
}
