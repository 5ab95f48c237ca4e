/**
 * The cash drawer screen in its own chunk (docs/cash-drawer.md). Keyed by the signed-in person, so a new
 * sign-in on the till starts a fresh chart that reads the workstation's drawer again.
 */
import { selectUser } from '../../../../machines/auth/auth.selectors';
import { CashDrawerScreen } from '../../features/cash-drawer/cash-drawer-screen';
import { useAuthSelector } from '../../lib/actors/auth-actor';

export function CashDrawerArea() {
  const user = useAuthSelector(selectUser);
  // The route requires a session (app/routes.ts); without one the route gate has already sent to /login.
  if (!user) return null;
  return <CashDrawerScreen key={user.id} />;
}
