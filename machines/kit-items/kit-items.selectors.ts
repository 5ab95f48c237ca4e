import type { SnapshotFrom } from 'xstate';
import { kitItemsTotal, kitSaving } from '../../src/domain/kit-items';
import { productsToAdd } from './kit-items.rules';
import type { kitItemsMachine } from './kit-items.machine';

type Snapshot = SnapshotFrom<typeof kitItemsMachine>;

export type KitItemsStatus =
  'loading' | 'loadFailed' | 'offline' | 'ready' | 'editing' | 'validating' | 'saving' | 'failed' | 'saved';

export const selectStatus = (s: Snapshot): KitItemsStatus => s.value as KitItemsStatus;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectLines = (s: Snapshot) => s.context.lines;
export const selectProductsToAdd = (s: Snapshot) => productsToAdd(s.context.products, s.context.lines);
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectQueued = (s: Snapshot) => s.context.queued;
/** Unsaved changes: a save or a discard is offered. */
export const selectIsDirty = (s: Snapshot) => s.matches('editing') || s.matches('failed');

/** The kit's price beside what its products cost one by one (src/domain/kit-items.ts). */
export const selectPrices = (s: Snapshot) => {
  const { total, unknown } = kitItemsTotal(
    s.context.lines.map((line) => ({ price: line.price, quantity: Number(line.quantity) })),
  );
  return {
    kitPrice: s.context.kitPrice,
    itemsTotal: total,
    unknown,
    saving: kitSaving(s.context.kitPrice, total),
  };
};
