/**
 * A job that runs one at a time (a sender draining its outbox): a call while it runs is answered
 * by that run, which then runs once more, since what the caller wants done may have come after the
 * run looked. `mayRunAgain` can hold that back (a target that failed waits for its pause).
 */
export function oneRunAtATime(runOnce: () => Promise<void>, mayRunAgain: () => boolean = () => true): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && mayRunAgain());
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
