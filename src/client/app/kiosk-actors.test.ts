import { describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api/client';
import { saveKioskToken } from '../lib/storage';
import { findKioskCustomer, kioskCheckIn, loadKioskCatalog, shortName } from './kiosk-actors';

/** A server answering each kiosk path with its envelope, recording what was sent. */
function fakeKiosk(answers: Record<string, unknown>) {
  const sent: Array<{ url: string; token: string | null; key: string | null; body: unknown }> = [];
  const client = createApiClient({
    getToken: () => null,
    fetch: async (input, init) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      sent.push({
        url,
        token: headers.get('x-kiosk-token'),
        key: headers.get('idempotency-key'),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const path = new URL(url, 'http://kiosk.test').pathname;
      const data = answers[path];
      return new Response(JSON.stringify({ success: true, data, message: '' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, sent };
}

const SESSION = { store: { id: 1, name: 'Demo Nails' }, timezone: 'America/New_York' };

describe('the kiosk calls', () => {
  it('reads the catalog as the chart shows it: available technicians, services flattened by category', async () => {
    saveKioskToken('tok-1');
    const { client, sent } = fakeKiosk({
      '/api/kiosk/session': SESSION,
      '/api/kiosk/technicians': {
        items: [
          { id: 2, first_name: 'Anna', available: true },
          { id: 3, first_name: 'Bella', available: false },
        ],
      },
      '/api/kiosk/services': {
        categories: [
          { id: 10, name: 'Manicure', services: [{ id: 100, name: 'Gel Manicure', price: 3500 }] },
        ],
      },
    });
    const catalog = await loadKioskCatalog(1, client);
    expect(catalog).toEqual({
      store_name: 'Demo Nails',
      technicians: [{ id: 2, name: 'Anna' }],
      categories: [{ id: 10, name: 'Manicure' }],
      services: [{ id: 100, name: 'Gel Manicure', category_id: 10, price: 3500 }],
    });
    expect(sent.every((call) => call.token === 'tok-1')).toBe(true);
    saveKioskToken(null);
  });

  it("refuses a token of another store than the address's", async () => {
    const { client } = fakeKiosk({ '/api/kiosk/session': SESSION });
    await expect(loadKioskCatalog(2, client)).rejects.toMatchObject({
      code: 'kiosk_wrong_store',
      status: 403,
    });
  });

  it('answers an unknown phone with nobody, and checks in under the uuid as its key', async () => {
    const { client, sent } = fakeKiosk({
      '/api/kiosk/sign-in': { found: false },
      '/api/kiosk/check-in': {
        walk_in_id: 9,
        first_name: 'Mai',
        last_initial: 'P',
        technician: null,
        services: [],
        ahead: 2,
      },
    });
    expect(await findKioskCustomer('555 123 4567', client)).toBeNull();
    const uuid = '0b5c4a9e-4a8e-4f7e-9f53-2f1f6d1f3a11';
    const checkedIn = await kioskCheckIn(
      { uuid, customerHandle: 'h-1', technicianId: null, serviceIds: [100] },
      client,
    );
    expect(checkedIn).toEqual({ name: 'Mai P.', ahead: 2 });
    expect(sent.at(-1)).toMatchObject({
      key: uuid,
      body: { uuid, customer_handle: 'h-1', service_ids: [100] },
    });
  });

  it('greets by first name and last initial', () => {
    expect(shortName('Mai', 'P')).toBe('Mai P.');
    expect(shortName('Lan', '')).toBe('Lan');
  });
});
