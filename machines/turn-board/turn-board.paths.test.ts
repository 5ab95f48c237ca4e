import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { LOAD, refusedBusy, TOOK } from './turn-board.fixtures';
import { turnBoardMachine } from './turn-board.machine';
import type { TurnBoardEvent } from './turn-board.types';

const events = [
  { type: 'retry' },
  { type: 'refresh' },
  { type: 'connection.online' },
  { type: 'service.choose', serviceId: 10 },
  { type: 'turn.take', technicianId: 1 },
  { type: 'turn.finish', turnId: 5 },
  { type: 'turn.cancel', turnId: 5 },
  { type: 'skip', technicianId: 1 },
  { type: 'skip.cancel', technicianId: 1 },
  { type: 'bonus.grant', technicianId: 1, count: 1, reason: 'Covered a shift', pin: '3333' },
  { type: 'reorder', technicianId: 2, position: 1, reason: 'Back from lunch', pin: '3333' },
] satisfies TurnBoardEvent[];

const actorEvents = [
  doneEvent('loadBoard', LOAD),
  errorEvent('loadBoard', offline),
  errorEvent('loadBoard', serverDown),
  doneEvent('act', TOOK),
  errorEvent('act', offline),
  errorEvent('act', refusedBusy),
];

describeMachinePaths(turnBoardMachine, {
  events: [...events, ...actorEvents],
  // The chosen service is all the chart keeps that a command reads; the rest (board, messages) steers nothing.
  facts: (s) => s.context.serviceId,
  compareContext: false,
  minimal: true,
});
