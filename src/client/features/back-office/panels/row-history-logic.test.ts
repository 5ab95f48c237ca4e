import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiClient } from '../../../lib/api/client';
import { rowHistoryLogic } from './row-history-logic';

// A client of its own, given to the logic: no module mock, which the unit project's shared module registry
// (docs/decisions/015-test-isolation-traded-where-measured.md) would not apply to a module already loaded.
function fakeClient() {
  const get = vi.fn(() => Promise.resolve({ items: [], total: 0, page: 1, per_page: 10 }));
  return { get: get as unknown as ApiClient['get'], calls: get.mock.calls as unknown[][] };
}

async function firstRead(resource: string, source?: Parameters<typeof rowHistoryLogic>[1]) {
  const client = fakeClient();
  const actor = createActor(rowHistoryLogic(resource, source, client), {
    input: { rowId: 7, filter: { kind: 'reload' } },
  }).start();
  await waitFor(actor, (s) => s.matches('empty'));
  actor.stop();
  return client.calls[0] as unknown as [string, { query: Record<string, unknown> }];
}

describe('rowHistoryLogic', () => {
  it("reads /api/<resource>/{id}/histories, newest first, with the chart's filter", async () => {
    const [path, { query }] = await firstRead('giftcards');
    expect(path).toBe('/giftcards/7/histories');
    expect(query).toMatchObject({ page: 1, per_page: 10, sort: '-created_at', filter: { kind: 'reload' } });
  });

  it("a source's filter names the row in another list (a product's stock movements) beside the chart's own", async () => {
    const [path, { query }] = await firstRead('products', (id) => ({
      path: 'products/inventoriesDetail',
      filter: { product_id: String(id) },
    }));
    expect(path).toBe('/products/inventoriesDetail');
    expect(query).toMatchObject({ sort: '-created_at', filter: { kind: 'reload', product_id: '7' } });
  });

  it("a source's query names the row as a parameter (a customer's points)", async () => {
    const [path, { query }] = await firstRead('customers', (id) => ({
      path: 'customers/historyPoint',
      query: { customer_id: String(id) },
    }));
    expect(path).toBe('/customers/historyPoint');
    expect(query).toMatchObject({ customer_id: '7', page: 1 });
  });
});
