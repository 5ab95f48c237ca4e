import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';

const get = vi.hoisted(() => vi.fn(() => Promise.resolve({ items: [], total: 0, page: 1, per_page: 10 })));
vi.mock('../../../lib/api/api', () => ({ api: { get } }));

const { rowHistoryLogic } = await import('./row-history-logic');

async function firstRead(logic: ReturnType<typeof rowHistoryLogic>) {
  get.mockClear();
  const actor = createActor(logic, { input: { rowId: 7, filter: { kind: 'reload' } } }).start();
  await waitFor(actor, (s) => s.matches('empty'));
  actor.stop();
  return get.mock.calls[0] as unknown as [string, { query: Record<string, unknown> }];
}

describe('rowHistoryLogic', () => {
  it("reads /api/<resource>/{id}/histories, newest first, with the chart's filter", async () => {
    const [path, { query }] = await firstRead(rowHistoryLogic('giftcards'));
    expect(path).toBe('/giftcards/7/histories');
    expect(query).toMatchObject({ page: 1, per_page: 10, sort: '-created_at', filter: { kind: 'reload' } });
  });

  it("a source's filter names the row in another list (a product's stock movements) beside the chart's own", async () => {
    const logic = rowHistoryLogic('products', (id) => ({
      path: 'products/inventoriesDetail',
      filter: { product_id: String(id) },
    }));
    const [path, { query }] = await firstRead(logic);
    expect(path).toBe('/products/inventoriesDetail');
    expect(query).toMatchObject({ sort: '-created_at', filter: { kind: 'reload', product_id: '7' } });
  });

  it("a source's query names the row as a parameter (a customer's points)", async () => {
    const logic = rowHistoryLogic('customers', (id) => ({
      path: 'customers/historyPoint',
      query: { customer_id: String(id) },
    }));
    const [path, { query }] = await firstRead(logic);
    expect(path).toBe('/customers/historyPoint');
    expect(query).toMatchObject({ customer_id: '7', page: 1 });
  });
});
