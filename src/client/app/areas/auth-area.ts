/**
 * The auth area's screens in one chunk ("one chunk per area"): routes.ts imports this module
 * lazily, so login, logout, profile and change password arrive together, and no other area pays for them.
 * An area is one dynamic import; a screen of a new area gets its own `<area>-area.ts` beside this one.
 */
import { ChangePasswordScreen } from '../../features/auth/change-password-screen';
import { LoginScreen } from '../../features/auth/login-screen';
import { LogoutScreen } from '../../features/auth/logout-screen';
import { ProfileScreen } from '../../features/auth/profile-screen';

export const AUTH_SCREENS = {
  login: LoginScreen,
  logout: LogoutScreen,
  profile: ProfileScreen,
  changePassword: ChangePasswordScreen,
} as const;
