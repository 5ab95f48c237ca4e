import type {
  Booking,
  BookingConflictDetails,
  BookingStatus,
  CreateBookingBody,
  UpdateBookingBody,
} from '../../src/contracts/bookings';
import type { FieldIssues, ResourceError } from '../resource/resource.types';

/** A service the editor offers, with the catalog's duration a new line starts with. */
export interface EditorService {
  id: number;
  name: string;
  duration_minutes: number;
}

/**
 * One service line as typed (every value a string, as the inputs give them). `start` is the store's wall time,
 * 'YYYY-MM-DDTHH:MM' (a datetime-local value), never the device's (docs/appointments.md#time).
 */
export interface DraftLine {
  /** The line's id when the booking already has it; null for a line added here. */
  id: number | null;
  service_id: string;
  /** '' = the unassigned column. */
  user_id: string;
  start: string;
  /**
   * The instant `start` names when it came from the server, the book or the line before (ISO); null once the
   * start is typed. Needed on the day clocks go back: the second 01:30 has the same wall text as the first.
   */
  startIso: string | null;
  duration: string;
  /** '' = no processing gap. */
  processing_offset: string;
  processing: string;
  buffer_before: string;
  buffer_after: string;
}
export type LineField = Exclude<keyof DraftLine, 'id' | 'startIso'>;

/** The customer part of the form. */
export interface DraftFields {
  /** Kept from the booking being edited (the form types a name and a phone, docs/appointments.md#a-booking). */
  customer_id: number | null;
  customer_name: string;
  telephone: string;
  notes: string;
}
export type DraftField = Exclude<keyof DraftFields, 'customer_id'>;

export interface BookingDraft {
  fields: DraftFields;
  lines: DraftLine[];
}

/** A new booking from an empty slot of the book: its technician (null = unassigned) and start (ISO). */
export interface NewBookingSlot {
  user_id: number | null;
  starts_at: string;
}

export interface BookingEditorInput {
  /** The store's time zone: every typed time is its wall clock. */
  timeZone: string;
  services: readonly EditorService[];
  /** Edit this booking; absent or null: a new one from `slot`. */
  booking?: Booking | null;
  slot?: NewBookingSlot | null;
  /** The new booking's uuid, made once per draft by the app: a resent create makes it once. */
  uuid: string;
  /** New Idempotency-Keys (one per intent). Default globalThis.crypto.randomUUID. */
  createId?: () => string;
}

/** What the submit actor sends. */
export type SubmitRequest =
  | { kind: 'create'; body: CreateBookingBody; idempotencyKey: string }
  | { kind: 'update'; id: number; body: UpdateBookingBody; idempotencyKey: string };

/** The server's booking, or the offline queue's receipt for a write it keeps to send later. */
export type SaveOutcome = { queued: false; booking: Booking } | { queued: true; requestId: string };

/** A status move: 'arrival' with arrived, 'reason' with cancelled and no-show (docs/appointments.md#status). */
export interface StatusMove {
  status: BookingStatus;
  arrival?: 'queue' | 'desk';
  reason?: string;
}

export interface StatusRequest extends StatusMove {
  id: number;
  version: number | null;
  idempotencyKey: string;
}

/** openSale's params: the booking that started, for the sale screen to attach (the sale's booking.add). */
export interface OpenBookingSaleParams {
  booking: Booking;
}

export interface BookingEditorContext {
  timeZone: string;
  services: readonly EditorService[];
  /** The booking as the server last answered it; null while creating. */
  booking: Booking | null;
  uuid: string;
  createId: () => string;
  draft: BookingDraft;
  /** Problems by field: 'customer_name', 'booking_appt_service.0.duration_minutes'... */
  fieldErrors: FieldIssues;
  /** The request the last submit sent (a retry or a confirmation resends it). */
  request: SubmitRequest | null;
  /** One key per intent: kept for a retry of the same values, dropped by any change (docs/decisions/005-idempotency-keys.md). */
  requestKey: string | null;
  /** The receptionist confirmed booking outside the technician's hours (for these values only). */
  allowOutsideHours: boolean;
  conflict: BookingConflictDetails | null;
  error: ResourceError | null;
  /** The status move asked for (confirming, running or failed). */
  move: StatusMove | null;
  moveKey: string | null;
  /** The offline queue kept the write: the booking is provisional until it is sent. */
  queued: boolean;
}

export type BookingEditorEvent =
  | { type: 'field.change'; name: DraftField; value: string }
  | { type: 'line.change'; index: number; name: LineField; value: string }
  | { type: 'line.add' }
  | { type: 'line.remove'; index: number }
  | { type: 'submit' }
  | { type: 'slot.choose'; index: number }
  | { type: 'outside.confirm' }
  | { type: 'edit' }
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'move.start'; status: BookingStatus }
  | { type: 'move.confirm'; arrival?: 'queue' | 'desk'; reason?: string }
  | { type: 'move.cancel' }
  | { type: 'dismiss' };
