/**
 * The booking editor's chart (machines/booking-editor) with its real calls (booking-editor-api.ts) and the
 * app's effects: the book hears of every saved booking, and "Start sale" opens the sale screen with the
 * booking (booking-editor-sale.ts).
 */
import { fromPromise } from 'xstate';
import { bookingEditorMachine } from '../../../../machines/booking-editor/booking-editor.machine';
import type {
  OpenBookingSaleParams,
  StatusRequest,
  SubmitRequest,
} from '../../../../machines/booking-editor/booking-editor.types';
import type { Booking } from '../../../contracts/bookings';
import { changeBookingStatus, getBooking, submitBooking } from './booking-editor-api';

export interface BookingEditorEffects {
  saved: (booking: Booking) => void;
  openSale: (booking: Booking) => void;
}

export function bookingEditorLogic(effects: BookingEditorEffects) {
  return bookingEditorMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }: { input: SubmitRequest; signal: AbortSignal }) =>
        submitBooking(input, { signal }),
      ),
      changeStatus: fromPromise(({ input, signal }: { input: StatusRequest; signal: AbortSignal }) =>
        changeBookingStatus(input, { signal }),
      ),
      loadBooking: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
        getBooking(input.id, { signal }),
      ),
    },
    actions: {
      announceSaved: (_, { booking }: { booking: Booking }) => effects.saved(booking),
      openSale: (_, { booking }: OpenBookingSaleParams) => effects.openSale(booking),
    },
  });
}
