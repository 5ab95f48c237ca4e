/**
 * The desk's walk-in queue in its own chunk (docs/walk-in-screens.md#the-walk-in-queue). Keyed by the signed-in
 * person, so a new sign-in starts fresh charts.
 */
import { selectUser } from '../../../../machines/auth/auth.selectors';
import { WalkInScreen } from '../../features/walk-in/walk-in-screen';
import { useAuthSelector } from '../../lib/actors/auth-actor';

export function WalkInArea() {
  const user = useAuthSelector(selectUser);
  // The route requires a session (app/routes.ts); without one the route gate has already sent to /login.
  if (!user) return null;
  return <WalkInScreen key={user.id} />;
}
