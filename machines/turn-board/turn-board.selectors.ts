/** View facts of the turn board, derived from the chart's snapshot (never stored). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BoardTechnician, TurnServiceView } from '../../src/contracts/turn-system';
import type { TechnicianMachine } from '../technician/technician.machine';
import type { TurnBoardMachine } from './turn-board.machine';
import { technicianChildId } from './turn-board.machine';
import type { ActDone, TurnError } from './turn-board.types';

type Snapshot = SnapshotFrom<TurnBoardMachine>;

export type TurnBoardStatus = 'loading' | 'shown' | 'acting' | 'failed' | 'offline';

export const selectTurnBoardStatus = (s: Snapshot): TurnBoardStatus => s.value as TurnBoardStatus;
export const selectBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectHasBoard = (s: Snapshot): boolean => s.context.board !== null;
const NONE: readonly BoardTechnician[] = [];
export const selectTechnicians = (s: Snapshot): readonly BoardTechnician[] =>
  s.context.board?.technicians ?? NONE;
/** The queue only (the clocked-out are not moved). */
export const selectQueue = (s: Snapshot): readonly BoardTechnician[] =>
  (s.context.board?.technicians ?? NONE).filter((t) => t.position !== null);
export const selectNextId = (s: Snapshot): number | null => s.context.board?.next?.technician_id ?? null;
export const selectServices = (s: Snapshot): readonly TurnServiceView[] => s.context.services;
export const selectServiceId = (s: Snapshot): number | null => s.context.serviceId;
export const selectError = (s: Snapshot): TurnError | null => s.context.error;
export const selectFailure = (s: Snapshot): TurnError | null => s.context.failure;
export const selectDone = (s: Snapshot): ActDone | null => s.context.done;
export const selectCanAct = (s: Snapshot): boolean => s.matches('shown');

/** A technician's own chart, spawned by the board when she first appears on it. */
export function selectTechnicianRef(technicianId: number) {
  return (s: Snapshot): ActorRefFrom<TechnicianMachine> | undefined =>
    s.children[technicianChildId(technicianId)] as ActorRefFrom<TechnicianMachine> | undefined;
}
