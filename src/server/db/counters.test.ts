import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { allocateSaleNumbers, formatInvoiceNo } from './schema/counters';
import { stores } from './schema/stores';
import { tenants } from './schema/tenants';

let testDb: TestDatabase;
let tenantId = 0;
let storeId = 0;
let otherStoreId = 0;

beforeAll(async () => {
  testDb = await createTestDatabase({ poolMax: 20 });
  const [t] = await testDb.db.insert(tenants).values({ code: 'COUNT', name: 'Counters' }).returning();
  tenantId = t!.id;
  const [s, o] = await testDb.db
    .insert(stores)
    .values([
      { tenantId, code: '7', name: 'Seven', timezone: 'America/New_York' },
      { tenantId, code: '8', name: 'Eight', timezone: 'Asia/Ho_Chi_Minh' },
    ])
    .returning();
  storeId = s!.id;
  otherStoreId = o!.id;
});
afterAll(async () => {
  await testDb?.drop();
});

describe('sale numbering', () => {
  it('formats the invoice number with the padded store code', () => {
    expect(formatInvoiceNo('1', 123)).toBe('S0001-000123');
  });

  it('30 concurrent sales get ticket numbers 1..30 with no gap or duplicate, and a rolled-back sale releases its number', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        testDb.db
          .transaction(async (tx) => {
            const numbers = await allocateSaleNumbers(tx, tenantId, storeId);
            // Every third sale fails after taking its numbers.
            if (i % 3 === 0) tx.rollback();
            return numbers;
          })
          .catch(() => null),
      ),
    );
    const kept = results.filter((r) => r !== null);
    expect(kept).toHaveLength(20);
    const tickets = kept.map((r) => r.ticketNo).sort((a, b) => a - b);
    expect(tickets).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const daily = kept.map((r) => r.dailyTicketNo).sort((a, b) => a - b);
    expect(daily).toEqual(tickets);
    const invoices = kept.map((r) => r.invoiceNo).sort();
    expect(invoices[0]).toBe('S0007-000001');
    expect(new Set(invoices).size).toBe(20);
    expect(invoices.at(-1)).toBe('S0007-000020');
  });

  it('the daily number restarts on a new store-local business day; the ticket number does not', async () => {
    // 03:00 UTC on 2 Jan is still 1 Jan in New York.
    const lateNy = await testDb.db.transaction((tx) =>
      allocateSaleNumbers(tx, tenantId, otherStoreId, new Date('2030-01-02T03:00:00Z')),
    );
    expect(lateNy.businessDate).toBe('2030-01-02'); // Ho Chi Minh (UTC+7): 10:00 on 2 Jan
    const next = await testDb.db.transaction((tx) =>
      allocateSaleNumbers(tx, tenantId, otherStoreId, new Date('2030-01-02T18:00:00Z')),
    );
    expect(next).toMatchObject({ businessDate: '2030-01-03', dailyTicketNo: 1, ticketNo: 2 });
    const ny = await testDb.db.transaction((tx) =>
      allocateSaleNumbers(tx, tenantId, storeId, new Date('2030-01-02T03:00:00Z')),
    );
    expect(ny).toMatchObject({ businessDate: '2030-01-01', dailyTicketNo: 1, ticketNo: 21 });
  });

  it('an unknown store is an error, not a number', async () => {
    await expect(
      testDb.db.transaction((tx) => allocateSaleNumbers(tx, tenantId + 999, storeId)),
    ).rejects.toThrow(/not found/);
  });
});
