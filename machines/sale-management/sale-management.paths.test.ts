import { SALE_STATUS } from '../../src/domain/constants';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { saleManagementMachine } from './sale-management.machine';
import { OPENABLE_MODES } from './sale-management.modes';
import type { ManagedSale, SaleManagementInput } from './sale-management.types';

const input: SaleManagementInput = { timeZone: 'America/Los_Angeles', sale: null };
const ORDER_AT = '2026-01-10T07:30:00.000Z';
const NOW = new Date('2026-01-10T07:50:00.000Z');

const sale = (status: ManagedSale['status'], extra: Partial<ManagedSale> = {}): ManagedSale => ({
  id: 42,
  status,
  statusBeforeTrash: null,
  orderAt: ORDER_AT,
  hasRefund: false,
  ...extra,
});

// A sale in each situation that changes what may be opened.
const sales: Array<ManagedSale | null> = [
  null,
  sale(SALE_STATUS.DRAFT, { orderAt: null }),
  sale(SALE_STATUS.SALE),
  sale(SALE_STATUS.SALE, { hasRefund: true }),
  sale(SALE_STATUS.REFUND, { hasRefund: true }),
  sale(SALE_STATUS.VOID),
  sale(SALE_STATUS.TRASH, { statusBeforeTrash: SALE_STATUS.SALE }),
];

const events = [
  ...sales.map((s) => ({ type: 'sale.loaded', sale: s })),
  ...OPENABLE_MODES.map((mode) => ({ type: 'mode.open', mode, now: NOW, intentId: 'intent-1' })),
  // Save all changes opens with the list's pending changes as its form.
  {
    type: 'mode.open',
    mode: 'saveAllChanges',
    now: NOW,
    intentId: 'intent-2',
    form: { changes: [{ id: 42, order_at: ORDER_AT }] },
  },
  { type: 'form.change', values: { amount: 500 } },
  { type: 'pin.submit', pin: '1234' },
  doneEvent('checkManagerPin', { role: 'manager', name: 'Mia' }),
  doneEvent('checkManagerPin', { role: 'staff', name: 'Sam' }),
  errorEvent('checkManagerPin', new Error('Wrong PIN')),
  doneEvent('submitAction', { message: 'Done.' }),
  // The offline request queue took it (docs/offline.md).
  doneEvent('submitAction', { queued: { requestId: '31' } }),
  errorEvent('submitAction', { code: 'sale_status.voided', message: 'A voided sale cannot be refunded.' }),
];

// One path per edge of the state graph (7 sales × 19 modes × each step: some 650 paths, about a second to replay),
// so every mode is opened, or refused, for every kind of sale on a real actor.
describeMachinePaths(saleManagementMachine, { events, input });
