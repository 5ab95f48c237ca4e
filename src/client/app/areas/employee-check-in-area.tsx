/**
 * The clock-in screen in its own chunk (docs/front-desk.md "Clock in and out"), given who is at the tablet:
 * the signed-in person's id and role decide whether clocking someone else asks that person's PIN
 * (src/domain/clock.ts needsEmployeePin). Keyed by the person, so a new sign-in starts a fresh chart.
 */
import { selectRole, selectUser } from '../../../../machines/auth/auth.selectors';
import { EmployeeCheckInScreen } from '../../features/employee-check-in/employee-check-in-screen';
import { useAuthSelector } from '../../lib/actors/auth-actor';

export function EmployeeCheckInArea() {
  const user = useAuthSelector(selectUser);
  const role = useAuthSelector(selectRole);
  // The route requires a session (app/routes.ts); without one the route gate has already sent to /login.
  if (!user || !role) return null;
  return <EmployeeCheckInScreen key={user.id} caller={{ callerId: user.id, callerRole: role }} />;
}
