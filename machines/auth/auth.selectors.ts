/** View facts of the auth chart, derived from the snapshot (never stored): who is signed in and what they may do. */
import type { SnapshotFrom } from 'xstate';
import type { GeneralSettingsView, StoreSettingsView } from '../../src/contracts/auth';
import { DEFAULT_HOME, DEFAULT_LANGUAGE } from '../../src/domain/constants';
import type { HomeChoice, Language, ModulePermission, Role } from '../../src/domain/constants';
import type { authMachine } from './auth.machine';
import type { AuthError, AuthNotice, AuthSession } from './auth.types';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Landing choices of docs/roles.md#screens-layouts-and-the-menu and the route each opens (the routes of docs/roles.md#screens-layouts-and-the-menu). */
export const HOME_PATHS: Readonly<Record<HomeChoice, string>> = {
  employee_checkin_dashboard: '/pos/employee-check-in',
  schedule_dashboard: '/pos/booking-appt',
  take_turn_dashboard: '/pos/turn-system',
  walkin_dashboard: '/pos/walk-in',
  dashboard: '/dashboard',
};

export function selectIsAuthenticated(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('authenticated');
}

/** Still finding out whether a stored session stands: the shell waits instead of sending the user to /login. */
export function selectIsResuming(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('starting') || snapshot.matches('resuming');
}

/** Login, resume or logout in flight (not a profile save). */
export function selectIsBusy(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('busy');
}

function session(snapshot: AuthSnapshot): AuthSession | null {
  return snapshot.matches('authenticated') ? snapshot.context.session : null;
}

export function selectSession(snapshot: AuthSnapshot): AuthSession | null {
  return session(snapshot);
}

export function selectUser(snapshot: AuthSnapshot): AuthSession['user'] | null {
  return session(snapshot)?.user ?? null;
}

export function selectRole(snapshot: AuthSnapshot): Role | null {
  return session(snapshot)?.user.role ?? null;
}

const NO_MODULES: readonly ModulePermission[] = [];

/** The permitted modules of the login response (docs/roles.md#screens-layouts-and-the-menu: the menu follows permissions.modules). */
export function selectModules(snapshot: AuthSnapshot): readonly ModulePermission[] {
  return session(snapshot)?.permissions.modules ?? NO_MODULES;
}

export function selectPermissions(snapshot: AuthSnapshot): AuthSession['permissions'] | null {
  return session(snapshot)?.permissions ?? null;
}

export function selectStoreSettings(snapshot: AuthSnapshot): StoreSettingsView | null {
  return session(snapshot)?.initial_settings.storeSettings ?? null;
}

export function selectGeneralSettings(snapshot: AuthSnapshot): GeneralSettingsView | null {
  return session(snapshot)?.initial_settings.generalSettings ?? null;
}

export function selectStoreId(snapshot: AuthSnapshot): number | null {
  return session(snapshot)?.store_id ?? null;
}

export function selectWorkstationId(snapshot: AuthSnapshot): number | null {
  return session(snapshot)?.workstation_id ?? null;
}

/** After login the home comes from the store setting default_home, defaulting to dashboard (docs/roles.md#screens-layouts-and-the-menu). */
export function selectHomePath(snapshot: AuthSnapshot): string {
  const home = selectStoreSettings(snapshot)?.default_home ?? DEFAULT_HOME;
  return HOME_PATHS[home] ?? HOME_PATHS.dashboard;
}

/**
 * The store's language (docs/platform.md#languages: "The language comes from the store settings and defaults
 * to en"). Read from the stored session while it is being resumed too, so a Vietnamese till does not flash
 * English at start-up.
 */
export function selectLanguage(snapshot: AuthSnapshot): Language {
  return snapshot.context.session?.initial_settings.storeSettings.language ?? DEFAULT_LANGUAGE;
}

/** Where a logout stands while signed in: not asked, counting unsynced writes, or waiting for the answer. */
export type LogoutStep = 'idle' | 'checking' | 'confirming';

export function selectLogoutStep(snapshot: AuthSnapshot): LogoutStep {
  if (snapshot.matches({ authenticated: { logout: 'checking' } })) return 'checking';
  if (snapshot.matches({ authenticated: { logout: 'confirming' } })) return 'confirming';
  return 'idle';
}

/** The confirmation's count: writes not yet on the server (docs/offline.md). */
export function selectUnsyncedWrites(snapshot: AuthSnapshot): number {
  return snapshot.context.unsyncedWrites ?? 0;
}

/** The last login's failure. */
export function selectError(snapshot: AuthSnapshot): AuthError | null {
  return snapshot.context.error;
}

export function selectNotice(snapshot: AuthSnapshot): AuthNotice {
  return snapshot.context.notice;
}

export type FormStatus = 'idle' | 'saving' | 'saved' | 'failed';

export function selectProfileStatus(snapshot: AuthSnapshot): FormStatus {
  if (snapshot.matches({ authenticated: { profile: 'saving' } })) return 'saving';
  if (snapshot.matches({ authenticated: { profile: 'saved' } })) return 'saved';
  if (snapshot.matches({ authenticated: { profile: 'failed' } })) return 'failed';
  return 'idle';
}

export function selectProfileError(snapshot: AuthSnapshot): AuthError | null {
  return snapshot.context.profileError;
}

export function selectPasswordStatus(snapshot: AuthSnapshot): FormStatus {
  if (snapshot.matches({ authenticated: { password: 'changing' } })) return 'saving';
  if (snapshot.matches({ authenticated: { password: 'changed' } })) return 'saved';
  if (snapshot.matches({ authenticated: { password: 'failed' } })) return 'failed';
  return 'idle';
}

export function selectPasswordError(snapshot: AuthSnapshot): AuthError | null {
  return snapshot.context.passwordError;
}

export function selectRevokedSessions(snapshot: AuthSnapshot): number | null {
  return snapshot.context.revokedSessions;
}

export function selectCanLogin(snapshot: AuthSnapshot): boolean {
  return snapshot.can({ type: 'login.submit', username: '', password: '' });
}
