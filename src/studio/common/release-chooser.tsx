/**
 * A draft's place in a release, beside Publishing on a sheet, the page and the order (docs/studio.md,
 * "Releases"): which open release it is in (it is published with it, never alone), or a choice of
 * the open releases to add it to.
 */
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { call, type StudioContext } from './api';
import { editingApi } from '../../editing-contract/operations';
import { Choose, Notice, useAnswer, wordsOf, type Outcome } from './parts';

interface ReleaseChooserProps {
  context: StudioContext;
  kind: 'sheet' | 'collection' | 'page';
  targetId: string;
  status: string;
  release: { id: string; name: string } | null;
  /** Saves what is on screen first (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  /** Reads the draft's view again, now with its release. */
  refresh: () => Promise<void>;
}

export function ReleaseChooser({ context, kind, targetId, status, release, hold, refresh }: ReleaseChooserProps) {
  const [again, setAgain] = useState(0);
  const { answer: releases } = useAnswer(context, release === null ? { operation: editingApi.releases.list } : null, 0, again);
  const open = (releases ?? []).filter((candidate) => candidate.state === 'open');
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const releasesPage = `${context.basePath}/studio/releases`;

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      if ((await hold(async () => run())) === null) throw new Error('Fix the marked fields first: the draft must be saved.');
      await refresh();
      setAgain((count) => count + 1);
      setOutcome({ text: done, failed: false });
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };

  if (release !== null)
    return (
      <Panel>
        <p>
          In the release <Link href={releasesPage}>{release.name}</Link>: it is published with the release, not alone.
        </p>
        <Button
          className="studio-button studio-button--quiet"
          isDisabled={busy}
          onPress={() =>
            void act(
              () => call(context, { operation: editingApi.releases.removeItem, params: { id: release.id, kind, target: targetId } }),
              'Taken out of the release: it can be published alone again.',
            )
          }
        >
          Take it out of the release
        </Button>
        <Notice outcome={outcome} />
      </Panel>
    );
  if (status === 'published' || open.length === 0) return outcome === null ? null : <Notice outcome={outcome} />;
  const shown = chosen ?? open[0]!.id;
  return (
    <Panel>
      <Choose label="Release" items={open.map((candidate) => ({ id: candidate.id, name: candidate.name }))} value={shown} onChange={setChosen} />
      <Button
        className="studio-button"
        isDisabled={busy}
        onPress={() =>
          void act(() => call(context, { operation: editingApi.releases.addItem, params: { id: shown }, body: { kind, targetId } }), 'Added to the release.')
        }
      >
        Add to the release
      </Button>
      <Notice outcome={outcome} />
    </Panel>
  );
}

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <section className="studio-panel studio-release-choice" aria-labelledby="release-heading">
      <h2 id="release-heading">Release</h2>
      {children}
    </section>
  );
}
