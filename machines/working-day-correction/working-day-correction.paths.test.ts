import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { serverDown, validationFailed } from '../../tests/support/machines/api-failures';
import { maiFriday, managerApproval, NOW, TIME_ZONE } from './working-day-correction.fixtures';
import { workingDayCorrectionMachine } from './working-day-correction.machine';
import type { WorkingDayCorrectionEvent } from './working-day-correction.types';

const approvalRequired = { status: 403, kind: 'http', code: 'pin_approval_required', message: 'PIN needed.' };

const events = [
  { type: 'shift.change', shift: 0, field: 'check_out_at', value: '2026-11-20T17:30' },
  { type: 'shift.add' },
  { type: 'shift.remove', shift: 1 },
  { type: 'break.add', shift: 0 },
  { type: 'break.change', shift: 0, index: 0, field: 'ended_at', value: '2026-11-20T12:45' },
  { type: 'break.remove', shift: 0, index: 1 },
  { type: 'reason.change', value: 'Forgot to clock out' },
  { type: 'submit', now: NOW, idempotencyKey: 'key-1' },
  { type: 'pin.cancel' },
  { type: 'retry' },
  { type: 'edit' },
] satisfies WorkingDayCorrectionEvent[];

const actorEvents = [
  doneEvent('pinCheck', managerApproval),
  doneEvent('submitCorrection', { ...maiFriday, worked_minutes: 480 }),
  errorEvent('submitCorrection', validationFailed({ 'shifts.0.check_out_at': ['Bad.'] })),
  errorEvent('submitCorrection', approvalRequired),
  errorEvent('submitCorrection', serverDown),
];

describeMachinePaths(workingDayCorrectionMachine, {
  input: { mode: 'correct', day: maiFriday, timeZone: TIME_ZONE },
  events: [...events, ...actorEvents],
  // The chart decides on the reason, how many shifts and breaks, the problems and the approval: a few facts, so
  // the graph stays small.
  facts: (s) => [
    s.context.reason !== '',
    Math.min(s.context.shifts.length, 2),
    Math.min(s.context.shifts[0]?.breaks.length ?? 0, 2),
    Object.keys(s.context.problems).length > 0,
    s.context.approval,
    s.context.failure?.code ?? null,
    s.context.idempotencyKey,
  ],
  minimal: true,
});
