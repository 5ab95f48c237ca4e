/**
 * The book chart (machines/booking-book) with its real effects: the range load and the PUT of a move
 * (book-api.ts), the offline queue's booking writes as provisional rows (a refused one sent again or dropped), and the store's live channel
 * (machines/live-channel on lib/live/live-stream.ts; docs/live.md): a change on the 'bookings' topic reloads
 * the range.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { bookingBookMachine } from '../../../../machines/booking-book/booking-book.machine';
import type {
  BookingBookEvent,
  LoadRangeInput,
  SaveBookingInput,
} from '../../../../machines/booking-book/booking-book.types';
import { liveChannelMachine } from '../../../../machines/live-channel/live-channel.machine';
import type { LiveChange } from '../../../contracts/live';
import { BOOKING_PATHS } from '../../../contracts/bookings';
import { LIVE_TOPIC, liveEventsPath } from '../../../contracts/live';
import { liveStream } from '../../lib/live/live-stream';
import { defaultRequestQueue } from '../../lib/offline-queue/request-queue';
import { readAuthRecord, readToken } from '../../lib/storage';
import { loadBookRange, saveBooking } from './book-api';

/** Whether a live change is one the book shows. */
export function isBookingChange(change: LiveChange | null): boolean {
  return change !== null && change.topic === LIVE_TOPIC.BOOKINGS;
}

/** The store's live channel, kept open while the book is: each bookings change is a `live.changed`. */
function listenToLiveBookings(sendBack: (event: BookingBookEvent) => void): (() => void) | undefined {
  const storeId = readAuthRecord()?.store_id;
  if (!storeId) return undefined;
  const channel = createActor(
    liveChannelMachine.provide({
      actors: {
        stream: liveStream({
          url: (input) => liveEventsPath(input.storeId),
          headers: (): Record<string, string> => {
            const token = readToken();
            return token ? { authorization: `Bearer ${token}` } : {};
          },
        }),
      },
    }),
    { input: { storeId } },
  );
  let last: LiveChange | null = null;
  const subscription = channel.subscribe((snapshot) => {
    const change = snapshot.context.lastChange;
    if (change !== last && isBookingChange(change)) sendBack({ type: 'live.changed' });
    last = change;
  });
  channel.start();
  const online = () => channel.send({ type: 'connection.online' });
  globalThis.addEventListener?.('online', online);
  return () => {
    globalThis.removeEventListener?.('online', online);
    subscription.unsubscribe();
    channel.stop();
  };
}

/** Whether a queued request is one of the book's writes (a booking created or changed). */
export function isBookingRequest(url: string): boolean {
  try {
    return new URL(url, 'http://book.invalid').pathname.startsWith(BOOKING_PATHS.list);
  } catch {
    return false;
  }
}

/**
 * The offline queue as this tab sees it: when it takes one of the book's writes (a booking made offline: shown
 * provisional) or records an answer to one (the server refused it), the book reads its range and the queue
 * again, to show it and, for a refusal, its choices (docs/appointments.md#offline). A write that went through is heard on the live channel instead.
 */
function listenToQueuedBookings(sendBack: (event: BookingBookEvent) => void): () => void {
  return defaultRequestQueue().subscribe((change) => {
    const ofTheBook =
      (change.type === 'enqueued' || change.type === 'updated') && isBookingRequest(change.request.url);
    if (ofTheBook) sendBack({ type: 'live.changed' });
  });
}

/** Both of the book's listeners, as the chart's one `watchLive`. */
export const watchChanges = fromCallback<BookingBookEvent>(({ sendBack }) => {
  const stopLive = listenToLiveBookings(sendBack);
  const stopQueue = listenToQueuedBookings(sendBack);
  return () => {
    stopLive?.();
    stopQueue();
  };
});

export function bookLogic() {
  return bookingBookMachine.provide({
    actors: {
      loadRange: fromPromise(({ input, signal }: { input: LoadRangeInput; signal: AbortSignal }) =>
        loadBookRange(input, { signal, queued: () => defaultRequestQueue().list() }),
      ),
      saveBooking: fromPromise(({ input, signal }: { input: SaveBookingInput; signal: AbortSignal }) =>
        saveBooking(input, { signal, unqueue: (id) => defaultRequestQueue().remove(id) }),
      ),
      discardQueued: fromPromise(({ input }: { input: { requestId: number } }) =>
        defaultRequestQueue().remove(input.requestId),
      ),
      watchLive: watchChanges,
    },
  });
}
