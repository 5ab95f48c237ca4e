import type { SnapshotFrom } from 'xstate';
import type { formSubmitMachine } from './form-submit.machine';

type Snapshot = SnapshotFrom<typeof formSubmitMachine>;

export const selectValues = (s: Snapshot) => s.context.values;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectIsDone = (s: Snapshot): boolean => s.matches('done');
