import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { StoreUnavailableError } from '../cms/store-guard';
import { ContentVersionSource } from './content-version';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** The real store, with its change token under the test's control. */
function storeWithToken(token: () => string | undefined, onRead?: () => void) {
  const db = test.store.db;
  return {
    db: new Proxy(db, {
      get(target, property) {
        if (property === 'selectFrom') onRead?.();
        const value: unknown = Reflect.get(target, property, target);
        // Kysely's private fields need the real instance as `this`.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
    changeToken: token,
  };
}

describe('ContentVersionSource', () => {
  it('reads the version once while the change token stands, and again when it moves', async () => {
    let token = 'a';
    let reads = 0;
    const versions = new ContentVersionSource(
      storeWithToken(
        () => token,
        () => reads++,
      ),
    );
    expect(versions.peek()).toBeUndefined();
    const first = await versions.current();
    expect(first.stale).toBe(false);
    await versions.current();
    expect(versions.peek()).toEqual(first);
    expect(reads).toBe(1);
    token = 'b';
    expect(versions.peek()).toBeUndefined();
    await versions.current();
    expect(reads).toBe(2);
  });

  it('shares one read among concurrent callers', async () => {
    let reads = 0;
    const versions = new ContentVersionSource(
      storeWithToken(
        () => undefined,
        () => reads++,
      ),
    );
    await Promise.all(Array.from({ length: 20 }, () => versions.current()));
    expect(reads).toBe(1);
    // An unknown token means asking every time (nothing says the version still holds).
    await versions.current();
    expect(reads).toBe(2);
  });

  it('answers the last version read, marked stale, while the store is down', async () => {
    let down = false;
    const token = () => {
      if (down) throw new StoreUnavailableError(500);
      return 'a';
    };
    const versions = new ContentVersionSource(storeWithToken(token));
    await expect(
      new ContentVersionSource(
        storeWithToken(() => {
          throw new StoreUnavailableError(500);
        }),
      ).current(),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    const { version } = await versions.current();
    down = true;
    expect(versions.peek()).toEqual({ version, stale: true });
    expect(await versions.current()).toEqual({ version, stale: true });
  });
});
