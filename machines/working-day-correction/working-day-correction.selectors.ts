import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { workingDayCorrectionMachine } from './working-day-correction.machine';

type Snapshot = SnapshotFrom<typeof workingDayCorrectionMachine>;

export type CorrectionStep = 'editing' | 'pin' | 'submitting' | 'failed' | 'done';

export function selectCorrectionStep(s: Snapshot): CorrectionStep {
  if (s.matches('pin')) return 'pin';
  if (s.matches('submitting')) return 'submitting';
  if (s.matches('failed')) return 'failed';
  if (s.matches('done')) return 'done';
  return 'editing';
}

export const selectMode = (s: Snapshot) => s.context.mode;
export const selectShifts = (s: Snapshot) => s.context.shifts;
export const selectReason = (s: Snapshot) => s.context.reason;
export const selectProblems = (s: Snapshot) => s.context.problems;
export const selectCorrectionFailure = (s: Snapshot) => s.context.failure;
export const selectCorrectionResult = (s: Snapshot) => s.context.result;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectCanAddShift = (s: Snapshot) => s.can({ type: 'shift.add' });

/** The PIN pad's chart while the step is `pin` (the dialog renders it with PinPad). */
export function selectPinActor(s: Snapshot): ActorRefFrom<typeof pinCheckMachine> | undefined {
  return s.children.pinCheck as ActorRefFrom<typeof pinCheckMachine> | undefined;
}
