import type { SnapshotFrom } from 'xstate';
import type { BookingConflictDetails, BookingStatus } from '../../src/contracts/bookings';
import type { FieldIssues, ResourceError } from '../resource/resource.types';
import type { BookingEditorMachine } from './booking-editor.machine';
import { offeredMoves } from './booking-editor.rules';
import type { BookingDraft, StatusMove } from './booking-editor.types';

type Snapshot = SnapshotFrom<BookingEditorMachine>;

export const selectDraft = (s: Snapshot): BookingDraft => s.context.draft;
export const selectFieldErrors = (s: Snapshot): FieldIssues => s.context.fieldErrors;
export const selectBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectError = (s: Snapshot): ResourceError | null => s.context.error;
export const selectConflict = (s: Snapshot): BookingConflictDetails | null => s.context.conflict;
export const selectMove = (s: Snapshot): StatusMove | null => s.context.move;
export const selectQueued = (s: Snapshot): boolean => s.context.queued;
export const selectIsNew = (s: Snapshot): boolean => s.context.booking === null;
/** The save just made created the booking (the done step says "created", not "saved"). */
export const selectCreated = (s: Snapshot): boolean => s.context.request?.kind === 'create';
export const selectStatus = (s: Snapshot): BookingStatus | null => s.context.booking?.status ?? null;
/** Which step the dialog shows. */
export const selectStep = (s: Snapshot): string => String(s.value);
/** The form takes typing: while editing, and after a failure (a change goes back to editing). */
export const selectEditable = (s: Snapshot): boolean => s.matches('editing') || s.matches('failed');
/** The status buttons: the moves the chart takes now. */
export const selectMoves = (s: Snapshot): BookingStatus[] => {
  const status = s.context.booking?.status;
  if (!status) return [];
  return offeredMoves(status).filter((to) => s.can({ type: 'move.start', status: to }));
};
