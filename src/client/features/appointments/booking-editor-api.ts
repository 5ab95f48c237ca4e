/**
 * The booking editor's calls (docs/appointments.md; contract src/contracts/bookings.ts): create, update, a
 * status move, one booking read again, and the services the editor offers (the sale screen's catalog read,
 * lib/api/cache.ts, as the walk-in register form reads it).
 *
 * - Paths come from the contract (BOOKING_PATHS, bookingPath); the API client adds `/api`.
 * - Writes go through the app's API client, whose fetch is the offline queue's (lib/api/api.ts): offline, a
 *   write is kept and resolves with the queue's receipt `{ offline, requestId }`, which becomes
 *   `{ queued: true }` here, so the editor shows the booking as provisional (docs/appointments.md#offline). A
 *   create's uuid makes the replay create it once.
 * - One Idempotency-Key per intent, the chart's (docs/decisions/005-idempotency-keys.md).
 * - No notices: the dialog shows its own errors beside the fields.
 */
import type {
  SaveOutcome,
  StatusRequest,
  SubmitRequest,
  EditorService,
} from '../../../../machines/booking-editor/booking-editor.types';
import { bookingPath, bookingSchema, BOOKING_PATHS } from '../../../contracts/bookings';
import type { Booking, BookingStatusBody } from '../../../contracts/bookings';
import { ITEM_TYPE } from '../../../domain/constants';
import { api } from '../../lib/api/api';
import { getServiceProductSetting } from '../../lib/api/cache';
import type { ApiClient } from '../../lib/api/client';
import { isOfflineQueued } from '../../lib/offline-queue/offline-fetch';

interface CallOptions {
  client?: ApiClient;
  signal?: AbortSignal;
}

/** The contract's paths start with /api; the client adds it. */
function path(full: string): string {
  return full.replace(/^\/api/, '');
}

/** The server's booking (checked against the contract), or the queue's receipt. */
export function outcomeOf(answer: unknown): SaveOutcome {
  if (isOfflineQueued(answer)) return { queued: true, requestId: answer.requestId };
  return { queued: false, booking: bookingSchema.parse(answer) };
}

function writeOptions(key: string, signal?: AbortSignal) {
  return { idempotencyKey: key, skipNotice: true, ...(signal ? { signal } : {}) };
}

/** POST /api/pos/bookingAppt. */
export async function createBooking(
  request: Extract<SubmitRequest, { kind: 'create' }>,
  { client = api, signal }: CallOptions = {},
): Promise<SaveOutcome> {
  const answer = await client.post<unknown>(
    path(BOOKING_PATHS.list),
    request.body,
    writeOptions(request.idempotencyKey, signal),
  );
  return outcomeOf(answer);
}

/** PUT /api/pos/bookingAppt/:id with the version read (409 booking_stale when someone changed it since). */
export async function updateBooking(
  request: Extract<SubmitRequest, { kind: 'update' }>,
  { client = api, signal }: CallOptions = {},
): Promise<SaveOutcome> {
  const answer = await client.put<unknown>(
    path(bookingPath('one', request.id)),
    request.body,
    writeOptions(request.idempotencyKey, signal),
  );
  return outcomeOf(answer);
}

/** The chart's submit: a create or an update. */
export function submitBooking(request: SubmitRequest, options: CallOptions = {}): Promise<SaveOutcome> {
  return request.kind === 'create' ? createBooking(request, options) : updateBooking(request, options);
}

/** The status body the contract takes from a move. */
export function statusBody(request: StatusRequest): BookingStatusBody {
  return {
    status: request.status,
    ...(request.version !== null ? { version: request.version } : {}),
    ...(request.reason ? { reason: request.reason } : {}),
    arrival: request.arrival ?? 'desk',
  };
}

/** POST /api/pos/bookingAppt/:id/status. */
export async function changeBookingStatus(
  request: StatusRequest,
  { client = api, signal }: CallOptions = {},
): Promise<SaveOutcome> {
  const answer = await client.post<unknown>(
    path(bookingPath('status', request.id)),
    statusBody(request),
    writeOptions(request.idempotencyKey, signal),
  );
  return outcomeOf(answer);
}

/** GET /api/pos/bookingAppt/:id: the booking as it is now (after a stale answer). */
export function getBooking(id: number, { client = api, signal }: CallOptions = {}): Promise<Booking> {
  return client.get(path(bookingPath('one', id)), {
    skipNotice: true,
    schema: bookingSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The store's active services with their durations, from the sale screen's catalog read (cached for the day,
 * so the book opens offline): what the dialog's `services` prop takes.
 */
export async function loadEditorServices(
  storeId: number | null,
  { client = api, signal }: CallOptions = {},
): Promise<EditorService[]> {
  const catalog = await getServiceProductSetting(
    client,
    storeId ? { store_id: storeId } : {},
    signal ? { signal } : {},
  );
  return (
    catalog?.categories.flatMap((category) =>
      category.type === 'service'
        ? category.services
            .filter((s) => s.item_type === ITEM_TYPE.SERVICE)
            .map((s) => ({ id: s.item_id, name: s.name, duration_minutes: s.duration_minutes }))
        : [],
    ) ?? []
  );
}
