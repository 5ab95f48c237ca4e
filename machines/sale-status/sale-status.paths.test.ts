import { expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { saleStatusMachine } from './sale-status.machine';
import type { SaleStatusEvent, SaleStatusInput } from './sale-status.types';

const input: SaleStatusInput = { timeZone: 'America/Los_Angeles' };
const ORDER_AT = '2026-01-10T07:30:00.000Z';
const LINE = { employee_id: 3, item_id: 11, quantity: 1 };

const events: SaleStatusEvent[] = [
  { type: 'sale.complete', orderAt: ORDER_AT },
  { type: 'sale.refund', full: true, lines: [LINE] },
  { type: 'sale.refund', full: false, lines: [LINE] },
  // Same evening in Los Angeles, and the next morning there.
  { type: 'sale.void', now: new Date('2026-01-10T07:50:00.000Z') },
  { type: 'sale.void', now: new Date('2026-01-10T18:00:00.000Z') },
];

// Refunded quantities grow with every partial refund; the rest of the context is what the guards read.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const { orderAt, hasRefund, statusBeforeTrash } = snapshot.context as AnyMachineSnapshot['context'];
  return JSON.stringify({ value: snapshot.value, orderAt, hasRefund, statusBeforeTrash });
};

const { coverage } = describeMachinePaths(saleStatusMachine, { events, input, serializeState });

it('reaches all six statuses', () => {
  expect(coverage.states.covered).toBe(6);
});
