import type { SnapshotFrom } from 'xstate';
import { allowedClockActions, needsEmployeePin } from '../../src/domain/clock';
import type { ClockAction } from '../../src/domain/clock';
import type { ClockInMachine } from './clock-in.machine';
import { boardOf, statusOf } from './clock-in.rules';
import type { BoardEmployee, BoardPerson, ClockDone, ClockError, ClockSavedOffline } from './clock-in.types';

type Snapshot = SnapshotFrom<ClockInMachine>;

export type ClockInStatus =
  'loading' | 'failed' | 'offline' | 'ready' | 'choosing' | 'pin' | 'submitting' | 'reloading';

export const selectClockInStatus = (s: Snapshot): ClockInStatus => s.value as ClockInStatus;

/** The tiles, technicians first (clock-in.rules.ts boardOf). The employees array is kept by identity until a
 * load replaces it, so a memo on it keeps the board stable between snapshots. */
export const selectEmployees = (s: Snapshot): readonly BoardEmployee[] => s.context.employees;
export const toBoard = (employees: readonly BoardEmployee[]): BoardPerson[] => boardOf(employees);

export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');

/** The dialog is open while a person is chosen and their action not answered yet. */
export const selectDialogOpen = (s: Snapshot): boolean =>
  s.matches('choosing') || s.matches('pin') || s.matches('submitting');

export const selectAsksPin = (s: Snapshot): boolean => s.matches('pin');

/**
 * The PIN pad is the dialog's step: asking, or sending with the PIN (the pad shows the check then, the action's
 * button otherwise). Derived by the same rule the chart asks by, so nothing of the PIN is kept to know it.
 */
export const selectUsesPin = (s: Snapshot): boolean =>
  (s.matches('pin') || s.matches('submitting')) &&
  s.context.chosenId !== null &&
  needsEmployeePin(s.context.callerId, s.context.callerRole, s.context.chosenId);

export const selectChosenName = (s: Snapshot): string | null =>
  s.context.employees.find((e) => e.id === s.context.chosenId)?.name ?? null;

export const selectChosenAction = (s: Snapshot): ClockAction | null => s.context.action;

export const selectAllowedActions = (s: Snapshot): ClockAction[] => {
  const person = s.context.employees.find((e) => e.id === s.context.chosenId);
  return person ? allowedClockActions(statusOf(person)) : [];
};

export const selectError = (s: Snapshot): ClockError | null => s.context.error;
export const selectFailure = (s: Snapshot): ClockError | null => s.context.failure;
export const selectDone = (s: Snapshot): ClockDone | null => s.context.done;
export const selectSavedOffline = (s: Snapshot): ClockSavedOffline | null => s.context.savedOffline;
