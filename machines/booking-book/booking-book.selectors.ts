import type { SnapshotFrom } from 'xstate';
import type { ResourceError } from '../resource/resource.types';
import type { BookingBookMachine } from './booking-book.machine';
import { findBooking, viewDates } from './booking-book.rules';
import type {
  BookBooking,
  BookConflict,
  BookData,
  BookEmployee,
  BookingDraft,
  BookView,
} from './booking-book.types';

type Snapshot = SnapshotFrom<BookingBookMachine>;

export type BookStatus = 'loading' | 'ready' | 'moving' | 'discarding' | 'conflict' | 'error' | 'offline';

export const selectBookStatus = (s: Snapshot): BookStatus =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as BookStatus;
export const selectView = (s: Snapshot): BookView => s.context.view;
export const selectDate = (s: Snapshot): string => s.context.date;
export const selectTimeZone = (s: Snapshot): string => s.context.timeZone;
export const selectShownDates = (s: Snapshot): { fromDate: string; days: number } =>
  viewDates(s.context.view, s.context.date);
export const selectTechnicianId = (s: Snapshot): number | null => s.context.technicianId;
export const selectData = (s: Snapshot): BookData | null => s.context.data;
export const selectBookings = (s: Snapshot): readonly BookBooking[] =>
  s.context.data?.bookings ?? NO_BOOKINGS;
export const selectEmployees = (s: Snapshot): readonly BookEmployee[] =>
  s.context.data?.employees ?? NO_EMPLOYEES;
export const selectFailure = (s: Snapshot): ResourceError | null => s.context.failure;
export const selectMoveError = (s: Snapshot): ResourceError | null => s.context.moveError;
export const selectConflict = (s: Snapshot): BookConflict | null =>
  s.matches('conflict') ? s.context.conflict : null;
export const selectDraft = (s: Snapshot): BookingDraft | null => s.context.draft;
export const selectSelected = (s: Snapshot): BookBooking | null =>
  (s.context.selectedKey && findBooking(s.context.data, s.context.selectedKey)) || null;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
/** Drags are taken only when the book is current and nothing is being saved. */
export const selectCanEdit = (s: Snapshot): boolean => s.matches('ready');

const NO_BOOKINGS: readonly BookBooking[] = [];
const NO_EMPLOYEES: readonly BookEmployee[] = [];
