import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../../tests/helpers/listening-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { DEMO_IDS } from '../../demo/seed-demo';
import { createDeliveryClient } from '../../shared/delivery-client';
import { DataStore } from './data-store';
import { resolveImageInfos } from './image-provider';

let test: ListeningApp;
beforeAll(async () => {
  test = await createListeningApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});

const request = (contentKeys: string[], siteId: string = DEMO_IDS.siteId) => ({ siteId, basePath: '/lit', platformSitesSegment: 'sfsites', contentKeys });

describe('resolveImageInfos (spec §3.3, §7.3)', () => {
  it('resolves every key through the content list call, in one request per 25 keys', async () => {
    const keys = DEMO_CATALOGUE.map((entry) => DEMO_IDS.imageKey(entry.slug));
    const before = test.requests.length;
    const infos = await resolveImageInfos(new DataStore(), test.client, request(keys));
    expect(test.requests.length - before).toBe(Math.ceil(keys.length / 25));
    expect(test.requests.at(-1)).toContain('includeContentBody=true');
    const teos = infos.get(DEMO_IDS.imageKey('teos'));
    expect(teos).toEqual({
      url: expect.stringMatching(new RegExp(`^/lit/sfsites/c/cms/delivery/media/${DEMO_IDS.imageKey('teos')}\\?v=`)),
      isExternal: false,
      altText: DEMO_CATALOGUE.find((entry) => entry.slug === 'teos')?.altText,
      overrideAltText: undefined,
      contentKey: DEMO_IDS.imageKey('teos'),
      bgPosition: undefined,
      bgSizeOrRepeat: undefined,
    });
    expect(infos.size).toBe(keys.length);
  });

  it('warns with the spec text and falls back to the media delivery path when the call fails', async () => {
    const warnings: string[] = [];
    const key = DEMO_IDS.imageKey('teos');
    const infos = await resolveImageInfos(new DataStore(), test.client, request([key], '0DM000000000001GAA'), (message) => warnings.push(message));
    expect(warnings).toEqual([`ImageDataProvider failed to fetch image with contentKey: ${key} and SiteId: 0DM000000000001GAA`]);
    expect(infos.get(key)?.url).toBe(`/lit/sfsites/c/cms/delivery/media/${key}`);
  });

  it('falls back to the default URL when one is given, also when the server is unreachable', async () => {
    const unreachable = createDeliveryClient({ basePath: '', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const warnings: string[] = [];
    const infos = await resolveImageInfos(new DataStore(), unreachable, { ...request(['MC1']), defaultUrl: '/fallback.png' }, (message) => warnings.push(message));
    expect(infos.get('MC1')?.url).toBe('/fallback.png');
    expect(warnings).toHaveLength(1);
  });
});
