import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { alreadyIn, annaIn, BOARD, pinLocked, queued, wrongPin } from './clock-in.fixtures';
import { clockInMachine } from './clock-in.machine';
import type { ClockInEvent } from './clock-in.types';

// Anna (1) clocks herself in without a PIN; Binh (2) needs his PIN, as a staff member is at the tablet.
const events = [
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'person.choose', id: 1 },
  { type: 'person.choose', id: 2 },
  { type: 'action.choose', action: 'check_in' },
  { type: 'action.choose', action: 'break_start' },
  { type: 'pin.submit', pin: '1234' },
  { type: 'cancel' },
] satisfies ClockInEvent[];

const actorEvents = [
  doneEvent('loadBoard', BOARD),
  errorEvent('loadBoard', offline),
  errorEvent('loadBoard', serverDown),
  doneEvent('clock', annaIn),
  doneEvent('clock', queued),
  errorEvent('clock', wrongPin),
  errorEvent('clock', pinLocked),
  errorEvent('clock', alreadyIn),
  errorEvent('clock', serverDown),
  doneEvent('reloadBoard', BOARD),
  errorEvent('reloadBoard', serverDown),
];

describeMachinePaths(clockInMachine, {
  input: { callerId: 1, callerRole: 'staff' },
  events: [...events, ...actorEvents],
  // What the chart decides on besides its state: who is chosen (the allowed actions and the PIN follow). The
  // messages kept (done, error, failure) do not steer it, so paths merged on these facts replay the state only.
  facts: (s) => s.context.chosenId,
  compareContext: false,
  minimal: true,
});
