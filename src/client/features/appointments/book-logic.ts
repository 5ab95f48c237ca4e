/**
 * The book chart (machines/booking-book) with its real effects: the range load and the PUT of a move
 * (book-api.ts), the offline queue's booking writes as provisional rows, and the store's live channel
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
import { LIVE_TOPIC, liveEventsPath } from '../../../contracts/live';
import { liveStream } from '../../lib/live/live-stream';
import { defaultRequestQueue } from '../../lib/offline-queue/request-queue';
import { readAuthRecord, readToken } from '../../lib/storage';
import { loadBookRange, updateBooking } from './book-api';

/** Whether a live change is one the book shows. */
export function isBookingChange(change: LiveChange | null): boolean {
  return change !== null && change.topic === LIVE_TOPIC.BOOKINGS;
}

/** The store's live channel, kept open while the book is: each bookings change is a `live.changed`. */
export const watchBookings = fromCallback<BookingBookEvent>(({ sendBack }) => {
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
});

export function bookLogic() {
  return bookingBookMachine.provide({
    actors: {
      loadRange: fromPromise(({ input, signal }: { input: LoadRangeInput; signal: AbortSignal }) =>
        loadBookRange(input, { signal, queued: () => defaultRequestQueue().list() }),
      ),
      saveBooking: fromPromise(({ input, signal }: { input: SaveBookingInput; signal: AbortSignal }) =>
        updateBooking(input, { signal }),
      ),
      watchLive: watchBookings,
    },
  });
}
