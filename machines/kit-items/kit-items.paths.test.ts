import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { badQuantity, FILE, LOADED, refused, SAVED_ITEMS } from './kit-items.fixtures';
import { kitItemsMachine } from './kit-items.machine';
import type { KitItemsEvent, KitItemsInput } from './kit-items.types';

const input: KitItemsInput = { kitId: 7, kitPrice: 2500 };

const events = [
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'item.add', product: FILE },
  { type: 'item.quantity', productId: 1, quantity: '0' },
  { type: 'item.remove', productId: 1 },
  { type: 'discard' },
  { type: 'save', idempotencyKey: 'save-1' },
] satisfies KitItemsEvent[];

const actorEvents = [
  doneEvent('loadKit', LOADED),
  errorEvent('loadKit', offline),
  errorEvent('loadKit', serverDown),
  doneEvent('validateItems', [
    { product_id: 1, quantity: 2 },
    { product_id: 2, quantity: 1 },
  ]),
  errorEvent('validateItems', badQuantity),
  doneEvent('saveItems', { queued: false, items: SAVED_ITEMS }),
  doneEvent('saveItems', { queued: true }),
  errorEvent('saveItems', refused),
];

const provided = kitItemsMachine.provide({ actions: { announceSaved: () => undefined } });

// The graph's nodes are keyed by the state and what the chart decides on (not the lines' text), so the
// exploration stays small; every transition is still taken.
describeMachinePaths(provided, {
  input,
  events: [...events, ...actorEvents],
  minimal: true,
  compareContext: false,
  facts: ({ context }) => [
    context.lines.length,
    context.idempotencyKey,
    context.queued,
    context.failure?.kind ?? null,
  ],
});
