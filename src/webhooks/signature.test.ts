import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signDelivery, verifyDelivery } from './signature';

describe('a delivery’s signature', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: 'evt_1', type: 'sheet.published', data: { sheet: { id: '20Y' } } });
  const now = Date.UTC(2026, 10, 28, 9, 0, 0);
  const timestamp = now / 1000;

  it('is HMAC-SHA256 of the timestamp, a dot and the body, keyed by the secret', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(signDelivery(secret, timestamp, body)).toBe(`t=${timestamp},v1=${expected}`);
  });

  it('checks out for the receiver, and fails for another body, another secret, another time or an old delivery', () => {
    const header = signDelivery(secret, timestamp, body);
    expect(verifyDelivery(secret, header, body, { now })).toBe(true);
    expect(verifyDelivery(secret, header, body.replace('20Y', '20Z'), { now })).toBe(false);
    expect(verifyDelivery(newWebhookSecret(), header, body, { now })).toBe(false);
    expect(verifyDelivery(secret, header.replace(`t=${timestamp}`, `t=${timestamp + 1}`), body, { now })).toBe(false);
    expect(verifyDelivery(secret, header, body, { now: now + 301_000 })).toBe(false);
    expect(verifyDelivery(secret, 'v1=00', body, { now })).toBe(false);
    // Buffer.from(…, 'hex') would stop at the first letter that is not hex: the digest is checked whole.
    expect(verifyDelivery(secret, `${header}junk`, body, { now })).toBe(false);
    expect(verifyDelivery(secret, '', body, { now })).toBe(false);
  });

  it('makes a new secret of 32 random bytes each time', () => {
    const made = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(made.size).toBe(20);
    for (const one of made) expect(one).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
