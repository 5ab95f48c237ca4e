import type { SnapshotFrom } from 'xstate';
import type { ResourceError } from '../resource/resource.types';
import type { WalkInQueueMachine } from './walk-in-queue.machine';
import type { QueueGroup, QueueTechnician } from './walk-in-queue.types';

type Snapshot = SnapshotFrom<WalkInQueueMachine>;

export type QueueStatus = 'loading' | 'shown' | 'reloading' | 'failed' | 'offline';

export const selectQueueStatus = (s: Snapshot): QueueStatus => s.value as QueueStatus;
export const selectGroups = (s: Snapshot): readonly QueueGroup[] => s.context.view?.groups ?? NO_GROUPS;
export const selectTechnicians = (s: Snapshot): readonly QueueTechnician[] =>
  s.context.view?.technicians ?? NO_TECHNICIANS;
export const selectFromTurnSystem = (s: Snapshot): boolean => s.context.view?.fromTurnSystem ?? false;
export const selectFailure = (s: Snapshot): ResourceError | null => s.context.failure;
export const selectHasQueue = (s: Snapshot): boolean => s.context.view !== null;
export const selectIsEmpty = (s: Snapshot): boolean =>
  s.context.view !== null && s.context.view.groups.every((g) => g.items.length === 0);

const NO_GROUPS: readonly QueueGroup[] = [];
const NO_TECHNICIANS: readonly QueueTechnician[] = [];
