import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline } from '../../tests/support/machines/api-failures';
import {
  assignedToBinh,
  finished,
  inServiceNoTurn,
  leftQueue,
  noShowed,
  staleMove,
  startedWithBinh,
  waitingAgain,
} from './walk-in.fixtures';
import { walkInMachine } from './walk-in.machine';
import type { WalkInEvent, WalkInStage } from './walk-in.types';

const events = [
  { type: 'assign', technicianId: 2 },
  { type: 'assign', technicianId: 1 },
  { type: 'assign', technicianId: 0 },
  { type: 'start' },
  { type: 'start', technicianId: 2 },
  { type: 'unassign' },
  { type: 'finish' },
  { type: 'leave' },
  { type: 'noShow' },
  { type: 'retry' },
  { type: 'dismiss' },
] satisfies WalkInEvent[];

const actorEvents = [
  assignedToBinh,
  startedWithBinh,
  inServiceNoTurn,
  waitingAgain,
  finished,
  leftQueue,
  noShowed,
].map((answer) => doneEvent('act', answer));

// The desk's own effects (the queue's reload, the sale screen) are the app's; here they do nothing.
const machine = walkInMachine.provide({ actions: { announceChanged: () => {}, openSale: () => {} } });

const STAGES: WalkInStage[] = ['waiting', 'assigned', 'in_service', 'done', 'left', 'no_show'];

describeMachinePaths(machine, {
  events: [...events, ...actorEvents, errorEvent('act', staleMove), errorEvent('act', offline)],
  // What the chart decides on besides its state: the stage the server last said, the technician and the
  // action running.
  facts: (s) => [s.context.stage, s.context.technicianId, s.context.pending],
  compareContext: false,
  minimal: true,
  starts: STAGES.map((stage) => ({
    name: `from ${stage}`,
    input: { id: 5, stage, technicianId: stage === 'waiting' ? null : 1 },
  })),
});
