import type { SnapshotFrom } from 'xstate';
import type { ResourceError } from '../resource/resource.types';
import type { WalkInMachine } from './walk-in.machine';
import type { WalkInAction, WalkInStage } from './walk-in.types';

type Snapshot = SnapshotFrom<WalkInMachine>;

export const selectStage = (s: Snapshot): WalkInStage => s.context.stage;
export const selectIsActing = (s: Snapshot): boolean => s.hasTag('busy');
export const selectPending = (s: Snapshot): WalkInAction | null => s.context.pending;
export const selectFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectError = (s: Snapshot): ResourceError | null => s.context.error;
export const selectTechnicianId = (s: Snapshot): number | null => s.context.technicianId;

/** The buttons the desk is offered: only what the chart takes in this state. */
export const selectCanAssign = (s: Snapshot): boolean => s.matches('waiting') || s.matches('assigned');
export const selectCanStart = (s: Snapshot): boolean => s.can({ type: 'start' });
export const selectCanLeave = (s: Snapshot): boolean => s.can({ type: 'leave' });
export const selectCanNoShow = (s: Snapshot): boolean => s.can({ type: 'noShow' });
export const selectCanFinish = (s: Snapshot): boolean => s.can({ type: 'finish' });
export const selectCanUnassign = (s: Snapshot): boolean => s.can({ type: 'unassign' });
