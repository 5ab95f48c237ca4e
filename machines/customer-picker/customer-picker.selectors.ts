/** View facts of the customer picker, derived from its snapshot (conventions.md: never stored). */
import type { SnapshotFrom } from 'xstate';
import type { customerPickerMachine } from './customer-picker.machine';
import type {
  CustomerForm,
  CustomerListItem,
  FieldProblem,
  PickerError,
  QueuedCustomerSave,
} from './customer-picker.types';

export type CustomerPickerSnapshot = SnapshotFrom<typeof customerPickerMachine>;

/** Which face of the dialog shows. */
export type PickerView = 'closed' | 'search' | 'loading' | 'loadFailed' | 'form' | 'queued';

export function selectPickerView(snapshot: CustomerPickerSnapshot): PickerView {
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('browsing')) return 'search';
  if (snapshot.matches('loadingCustomer')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('queued')) return 'queued';
  return 'form';
}

/** The save the offline queue took (the dialog's "saved offline" face), null otherwise. */
export const selectQueuedSave = (snapshot: CustomerPickerSnapshot): QueuedCustomerSave | null =>
  snapshot.context.queued;

export const selectIsPickerOpen = (snapshot: CustomerPickerSnapshot): boolean => !snapshot.matches('closed');

/** Where the search stands: nothing to search yet, waiting for the typing to pause, asking, answered, failed. */
export type SearchStatus = 'idle' | 'waiting' | 'searching' | 'results' | 'failed';

export function selectSearchStatus(snapshot: CustomerPickerSnapshot): SearchStatus {
  if (snapshot.matches({ browsing: 'debouncing' })) return 'waiting';
  if (snapshot.matches({ browsing: 'searching' })) return 'searching';
  if (snapshot.matches({ browsing: 'results' })) return 'results';
  if (snapshot.matches({ browsing: 'failed' })) return 'failed';
  return 'idle';
}

export const selectQuery = (snapshot: CustomerPickerSnapshot): string => snapshot.context.query;
export const selectResults = (snapshot: CustomerPickerSnapshot): CustomerListItem[] =>
  snapshot.context.results;
export const selectTotal = (snapshot: CustomerPickerSnapshot): number => snapshot.context.total;
/** More customers match than the total says ("100+"): the count of a search stops at a cap. */
export const selectTotalCapped = (snapshot: CustomerPickerSnapshot): boolean => snapshot.context.totalCapped;
export const selectPickerError = (snapshot: CustomerPickerSnapshot): PickerError | null =>
  snapshot.context.error;
export const selectForm = (snapshot: CustomerPickerSnapshot): CustomerForm => snapshot.context.form;
export const selectIsNewCustomer = (snapshot: CustomerPickerSnapshot): boolean =>
  snapshot.context.editingId === null;
export const selectIsSaving = (snapshot: CustomerPickerSnapshot): boolean => snapshot.matches('saving');
export const selectIsBusy = (snapshot: CustomerPickerSnapshot): boolean => snapshot.hasTag('busy');
/** Closing is refused while a save is on its way (see the machine). */
export const selectCanClose = (snapshot: CustomerPickerSnapshot): boolean =>
  snapshot.can({ type: 'picker.close' });

export function selectFieldProblem(
  snapshot: CustomerPickerSnapshot,
  field: keyof CustomerForm,
): FieldProblem | undefined {
  return snapshot.context.error?.fields?.[field];
}
