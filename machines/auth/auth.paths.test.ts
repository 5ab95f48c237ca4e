import type { AnyMachineSnapshot } from 'xstate';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { MANAGER_SESSION } from '../../tests/support/machines/auth-session';
import { authMachine } from './auth.machine';
import type { AuthEvent } from './auth.types';

const unauthorised = { status: 401, message: 'The username or password is incorrect.' };
const offline = { status: 0, kind: 'network', message: 'Unable to connect to server.' };
const invalid = { status: 422, message: 'Invalid.', errors: { email: ['Enter a valid email address.'] } };
const fields = { first_name: 'Mary', last_name: 'Lopez', email: 'mary@example.com', phone: '' };
const settings = {
  ...MANAGER_SESSION.initial_settings,
  storeSettings: { ...MANAGER_SESSION.initial_settings.storeSettings, language: 'es' as const },
};

const events = [
  { type: 'login.submit', username: 'manager', password: 'demo1234', remember: true },
  { type: 'login.submit', username: 'manager', password: '' },
  { type: 'logout.request' },
  { type: 'logout.confirm' },
  { type: 'logout.cancel' },
  { type: 'session.expired' },
  { type: 'session.settingsUpdated', settings },
  { type: 'profile.save', fields, avatar: null },
  { type: 'profile.save', fields: { ...fields, email: 'nope' }, avatar: null },
  { type: 'profile.reset' },
  { type: 'password.change', current: 'demo1234', next: 'new-pass-99', confirm: 'new-pass-99' },
  { type: 'password.change', current: 'demo1234', next: 'short', confirm: 'short' },
  { type: 'password.reset' },
] satisfies AuthEvent[];

const actorEvents = [
  doneEvent('loginWithToken', MANAGER_SESSION),
  errorEvent('loginWithToken', unauthorised),
  errorEvent('loginWithToken', offline),
  doneEvent('login', MANAGER_SESSION),
  errorEvent('login', unauthorised),
  doneEvent('logout', null),
  doneEvent('countUnsyncedWrites', 0),
  doneEvent('countUnsyncedWrites', 2),
  errorEvent('countUnsyncedWrites', new Error('IndexedDB unavailable')),
  errorEvent('logout', offline),
  doneEvent('saveProfile', { ...MANAGER_SESSION.user, first_name: 'Mary' }),
  errorEvent('saveProfile', invalid),
  doneEvent('changePassword', { revoked_sessions: 1 }),
  errorEvent('changePassword', offline),
];

// The graph's nodes: the state plus what the guards read and what the screens show (errors as codes, the
// session by the two values the events change), so that equal contexts are one node.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as {
    session: typeof MANAGER_SESSION | null;
    rememberedUsername: string | null;
    revokedSessions: number | null;
    error: { code: string } | null;
    notice: unknown;
    profileError: { code: string } | null;
    passwordError: { code: string } | null;
    unsyncedWrites: number | null;
  };
  return JSON.stringify({
    value: snapshot.value,
    session: c.session && [c.session.user.first_name, c.session.initial_settings.storeSettings.language],
    remembered: c.rememberedUsername,
    revoked: c.revokedSessions,
    error: c.error?.code ?? null,
    notice: c.notice,
    profileError: c.profileError?.code ?? null,
    passwordError: c.passwordError?.code ?? null,
    unsynced: c.unsyncedWrites,
  });
};

describeMachinePaths(authMachine, {
  events: [...events, ...actorEvents],
  serializeState,
  minimal: true,
  starts: [
    { name: 'with nothing stored', input: { stored: null } },
    { name: 'with a stored session', input: { stored: MANAGER_SESSION } },
  ],
});
