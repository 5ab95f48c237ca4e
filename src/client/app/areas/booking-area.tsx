/**
 * The appointment book in its own chunk (docs/appointments.md): the screen with the store's time zone
 * (stores.timezone, from the session's store settings), keyed by the signed-in person and the zone, so a new
 * sign-in or a changed zone starts a fresh chart.
 */
import { selectStoreSettings, selectUser } from '../../../../machines/auth/auth.selectors';
import { BookScreen } from '../../features/appointments/book-screen';
import { BookingEditorHost, useEditorServices } from '../../features/appointments/booking-editor-host';
import { useAuthSelector } from '../../lib/actors/auth-actor';

export function BookingArea() {
  const user = useAuthSelector(selectUser);
  const store = useAuthSelector(selectStoreSettings);
  const timeZone = store?.timezone;
  const services = useEditorServices(store?.store_id ?? null);
  // The route requires a session (app/routes.ts); the session carries the store's settings and its zone.
  if (!user || !timeZone) return null;
  return (
    <BookScreen
      key={`${user.id}:${timeZone}`}
      timeZone={timeZone}
      renderEditor={(target) => <BookingEditorHost target={target} services={services} timeZone={timeZone} />}
    />
  );
}
