/**
 * The book's calls (docs/appointments.md; contract src/contracts/bookings.ts BOOKING_PATHS): the bookings of a
 * range, the technicians who take bookings, the day counts and top services of the range, and the PUT of a
 * moved booking. Paths come from the contract (under the client's /api base); answers are checked with the
 * contract's schemas.
 *
 * - `loadBookRange` is the chart's load: the four reads together (counts and top services may fail alone: the
 *   badges are left out), a copy kept per range in localStorage (lib/api/cache.ts keys), and, when the server
 *   cannot be reached, that copy marked `fromCache` (docs/appointments.md#offline: "read from the API cache
 *   when offline"). The offline queue's booking writes are laid over the rows as provisional (book-rows.ts).
 * - A PUT carries the chart's Idempotency-Key; offline, the request queue takes it and answers its receipt
 *   (lib/offline-queue/offline-fetch.ts), which the chart shows as a provisional move.
 * - No notices: the book shows its own failures (a clash has its dialog).
 */
import { z } from 'zod';
import type {
  BookData,
  LoadRangeInput,
  SaveBookingInput,
  SaveBookingOutput,
  WorkingWindow,
} from '../../../../machines/booking-book/booking-book.types';
import {
  bookableEmployeeSchema,
  bookingPath,
  bookingSchema,
  BOOKING_PATHS,
  countInDaysSchema,
  topServicesSchema,
} from '../../../contracts/bookings';
import type { BookableEmployee, Booking } from '../../../contracts/bookings';
import { api } from '../../lib/api/api';
import { readCached, routeCacheKey } from '../../lib/api/cache';
import type { ApiClient } from '../../lib/api/client';
import { isOfflineQueued } from '../../lib/offline-queue/offline-fetch';
import { defaultStorage } from '../../lib/storage';
import { toBookBooking, withQueuedWrites } from './book-rows';
import type { QueuedWrite } from './book-rows';

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

/** The contract's paths are absolute (/api/...); the client adds its /api base itself. */
function path(full: string): string {
  return full.replace(/^\/api/, '');
}

function rangeQuery(range: Pick<LoadRangeInput, 'from' | 'to'>) {
  return { from: range.from, to: range.to };
}

export function listBookings(
  range: Pick<LoadRangeInput, 'from' | 'to'>,
  { signal, client = api }: CallOptions = {},
): Promise<Booking[]> {
  return client.get<Booking[]>(path(BOOKING_PATHS.list), {
    query: rangeQuery(range),
    schema: z.array(bookingSchema),
    skipNotice: true,
    skipLoading: true,
    ...(signal ? { signal } : {}),
  });
}

export function listBookableEmployees({ signal, client = api }: CallOptions = {}): Promise<
  BookableEmployee[]
> {
  return client.get<BookableEmployee[]>(path(BOOKING_PATHS.employees), {
    schema: z.array(bookableEmployeeSchema),
    skipNotice: true,
    skipLoading: true,
    ...(signal ? { signal } : {}),
  });
}

export function countInDays(
  range: Pick<LoadRangeInput, 'from' | 'to'>,
  { signal, client = api }: CallOptions = {},
) {
  return client.get(path(BOOKING_PATHS.countInDays), {
    query: rangeQuery(range),
    schema: countInDaysSchema,
    skipNotice: true,
    skipLoading: true,
    ...(signal ? { signal } : {}),
  });
}

export function topServices(
  range: Pick<LoadRangeInput, 'from' | 'to'>,
  { signal, client = api }: CallOptions = {},
) {
  return client.get(path(BOOKING_PATHS.topServices), {
    query: rangeQuery(range),
    schema: topServicesSchema,
    skipNotice: true,
    skipLoading: true,
    ...(signal ? { signal } : {}),
  });
}

interface SaveOptions extends CallOptions {
  /** Takes a request out of the offline queue (lib/offline-queue request-queue remove). */
  unqueue?: (requestId: number) => Promise<void>;
}

/**
 * Saves what the book changed: PUT /api/pos/bookingAppt/:id of a moved booking, or POST /api/pos/bookingAppt of
 * a refused offline create sent again. The answer is the booking as stored, or the offline queue's receipt.
 * A create sent again replaces its refused request in the queue, whether the server took it or the queue did
 * (so one booking is never queued twice; its uuid would make one booking of both anyway).
 */
export async function saveBooking(
  input: SaveBookingInput,
  { signal, client = api, unqueue }: SaveOptions = {},
): Promise<SaveBookingOutput> {
  const options = {
    idempotencyKey: input.idempotencyKey,
    skipNotice: true,
    skipLoading: true,
    ...(signal ? { signal } : {}),
  };
  const answer =
    input.kind === 'update'
      ? await client.put<unknown>(path(bookingPath('one', input.id)), input.body, options)
      : await client.post<unknown>(path(BOOKING_PATHS.list), input.body, options);
  if (input.kind === 'create') await unqueue?.(input.requestId);
  if (isOfflineQueued(answer)) return { queued: true };
  return { queued: false, booking: toBookBooking(bookingSchema.parse(answer)) };
}

/**
 * The hours the grid draws: from the earliest opening to the latest closing of any bookable technician on any
 * day of the week (their own hours, else the store's); null when nobody has hours (the grid draws the whole day).
 */
export function workingWindowOf(employees: readonly Pick<BookableEmployee, 'hours'>[]): WorkingWindow | null {
  let opens: string | null = null;
  let closes: string | null = null;
  for (const employee of employees)
    for (const day of employee.hours) {
      if (!day) continue;
      if (opens === null || day.opens < opens) opens = day.opens;
      if (closes === null || day.closes > closes) closes = day.closes;
    }
  return opens !== null && closes !== null && opens < closes ? { opens, closes } : null;
}

/** What the stored copy of a range keeps (the rows before the queue's writes are laid over them). */
interface StoredRange {
  bookings: BookData['bookings'];
  employees: BookData['employees'];
  workingWindow?: BookData['workingWindow'];
  counts: BookData['counts'];
  topServices: BookData['topServices'];
  saved_at: string;
}

export function rangeCacheKey(range: Pick<LoadRangeInput, 'from' | 'to'>): string {
  return routeCacheKey(path(BOOKING_PATHS.list), rangeQuery(range));
}

/** The server was not reached (no network, or the service worker's own 503 with nothing cached). */
export function isUnreachable(error: unknown): boolean {
  const e = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  return e.status === 0 || e.code === 'network_unreachable' || e.code === 'no_cached_response';
}

export interface LoadDeps extends CallOptions {
  storage?: Storage;
  /** The offline queue's requests (lib/offline-queue request-queue list()). */
  queued?: () => Promise<readonly QueuedWrite[]>;
  now?: () => Date;
}

async function queuedWrites(deps: LoadDeps): Promise<readonly QueuedWrite[]> {
  try {
    return deps.queued ? await deps.queued() : [];
  } catch {
    // A queue that cannot be read (no IndexedDB) hides nothing the server has.
    return [];
  }
}

export async function loadBookRange(input: LoadRangeInput, deps: LoadDeps = {}): Promise<BookData> {
  const store = deps.storage ?? defaultStorage();
  const key = rangeCacheKey(input);
  const optional = <T>(call: Promise<T>): Promise<T | null> => call.catch(() => null);
  let stored: StoredRange;
  let fromCache = false;
  try {
    const [bookings, employees, counts, top] = await Promise.all([
      listBookings(input, deps),
      listBookableEmployees(deps),
      optional(countInDays(input, deps)),
      optional(topServices(input, deps)),
    ]);
    stored = {
      bookings: bookings.map(toBookBooking),
      employees: employees.map((e) => ({ id: e.id, name: e.name })),
      workingWindow: workingWindowOf(employees),
      counts,
      topServices: top,
      saved_at: (deps.now?.() ?? new Date()).toISOString(),
    };
    try {
      store.setItem(key, JSON.stringify({ saved_at: stored.saved_at, data: stored }));
    } catch {
      // A full storage must not fail a read that succeeded.
    }
  } catch (error) {
    const copy = isUnreachable(error) ? readCached<StoredRange>(key, store) : null;
    if (!copy) throw error;
    stored = copy;
    fromCache = true;
  }
  return {
    bookings: withQueuedWrites(stored.bookings, await queuedWrites(deps)),
    employees: stored.employees,
    workingWindow: stored.workingWindow ?? null,
    counts: stored.counts,
    topServices: stored.topServices,
    fromCache,
    savedAt: fromCache ? stored.saved_at : null,
  };
}
