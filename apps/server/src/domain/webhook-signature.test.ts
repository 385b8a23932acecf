import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryIsGenuine, signDelivery } from './webhook-signature.js';

describe('the signature of a generic JSON delivery', () => {
  const body = '{"alert_id":7}';

  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const hex = createHmac('sha256', 'k').update(`1795000000.${body}`).digest('hex');
    expect(signDelivery(body, 'k', 1_795_000_000)).toBe(`t=1795000000,v1=${hex}`);
  });

  it('passes the receiver check within five minutes and fails a replay, another body, secret or the old form', () => {
    const header = signDelivery(body, 'k', 1_795_000_000);
    expect(deliveryIsGenuine(header, body, 'k', 1_795_000_000 + 299)).toBe(true);
    expect(deliveryIsGenuine(header, body, 'k', 1_795_000_000 + 301)).toBe(false);
    expect(deliveryIsGenuine(header, '{"alert_id":8}', 'k', 1_795_000_000)).toBe(false);
    expect(deliveryIsGenuine(header, body, 'other', 1_795_000_000)).toBe(false);
    // A captured delivery sent again with a new time: the signature no longer matches.
    expect(deliveryIsGenuine(header.replace('1795000000', '1795000400'), body, 'k', 1_795_000_400)).toBe(false);
    const old = `sha256=${createHmac('sha256', 'k').update(body).digest('hex')}`;
    expect(deliveryIsGenuine(old, body, 'k', 1_795_000_000)).toBe(false);
  });
});
