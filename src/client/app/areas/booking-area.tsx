/**
 * The appointment book in its own chunk (docs/appointments.md): the screen with the store's time zone
 * (stores.timezone, from the session's store settings), keyed by the signed-in person and the zone, so a new
 * sign-in or a changed zone starts a fresh chart. Arriving through /appointments/new opens a new booking's
 * editor at the next quarter hour.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { selectStoreSettings, selectUser } from '../../../../machines/auth/auth.selectors';
import { BookScreen } from '../../features/appointments/book-screen';
import { BookingEditorHost, useEditorServices } from '../../features/appointments/booking-editor-host';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { NEW_BOOKING_STATE } from '../route-aliases';

/** Arrived through /appointments/new (app/routes.ts ROUTE_ALIASES). */
function asksNewBooking(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).newBooking === NEW_BOOKING_STATE.newBooking
  );
}

export function BookingArea() {
  const user = useAuthSelector(selectUser);
  const store = useAuthSelector(selectStoreSettings);
  const timeZone = store?.timezone;
  const services = useEditorServices(store?.store_id ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  const newBooking = asksNewBooking(location.state);
  // The route requires a session (app/routes.ts); the session carries the store's settings and its zone.
  if (!user || !timeZone) return null;
  return (
    <BookScreen
      key={`${user.id}:${timeZone}`}
      timeZone={timeZone}
      newBooking={newBooking}
      // Read once: the state goes, so Back or a reload shows the book without opening the editor again.
      onNewBookingOpened={() =>
        void navigate(
          { pathname: location.pathname, search: location.search, hash: location.hash },
          {
            replace: true,
            state: null,
          },
        )
      }
      renderEditor={(target) => <BookingEditorHost target={target} services={services} timeZone={timeZone} />}
    />
  );
}
