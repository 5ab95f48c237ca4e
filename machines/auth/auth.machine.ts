/**
 * The login session (docs/security.md#sessions, docs/api.md#endpoints, docs/api.md#the-client): start-up
 * resumes a stored session with login-token, login, logout, a session that ends on a 401, and the signed-in
 * person's profile and password. Shape: starting → resuming | anonymous; anonymous → submitting →
 * authenticated | anonymous with the error; authenticated → loggingOut → anonymous; authenticated → anonymous
 * on session.expired.
 *
 * Logout with unsynced writes (docs/offline.md "Logging out with unsynced writes asks for confirmation and
 * never deletes the queue"): a logout request first counts the offline queue's writes that have not
 * reached the server (countUnsyncedWrites, provided by the app). None: the logout goes ahead. Some: the chart
 * waits in `confirming` with the count for the dialog; Cancel keeps the session, "Log out anyway" logs out. The
 * queue is never touched here: clearStoredSession clears browser storage, the queue lives in IndexedDB. The
 * steps are a region of `authenticated`, so the session (menu, shell, sale in progress) stays as it is while the
 * question is open. A queue that cannot be read is not asked about: the offline fetch could not have stored
 * anything in it either (it answers with the original failure when the queue refuses a request).
 *
 * Why so: a till is switched on with a session already stored, so the first thing is to ask the server whether
 * it still stands. If the server cannot be reached at all, the stored session is kept (docs/offline.md: the
 * sale screen works offline), and a later 401 from any call ends it. Logout asks the server to end the
 * session, and the local session is cleared whatever the server answers (docs/security.md#sessions: "A logout
 * request leaves the login state unchanged; afterwards the local session is cleared"), so a dead network
 * never traps a cashier logged in.
 *
 * Profile and password are parallel regions of `authenticated`, not machines of their own: both change the
 * session this chart owns (a profile update merges the returned user into it, docs/security.md#sessions),
 * both end with it (a session.expired while saving cancels the save), and neither exists without it.
 *
 * Storage is the app's: persistSession, clearStoredSession and rememberUser are named stubs here, provided by
 * src/client/app/auth.tsx, as are the actors (the API calls).
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import type { AuthUser } from '../../src/contracts/auth';
import {
  isUnreachable,
  loginError,
  missingCredentials,
  passwordError,
  profileError,
  validatePasswordForm,
  validateProfile,
} from './auth.rules';
import type {
  AuthContext,
  AuthEvent,
  AuthInput,
  AuthSession,
  ChangePasswordInput,
  ChangePasswordOutput,
  CountUnsyncedWritesOutput,
  LoginInput,
  LoginWithTokenInput,
  SaveProfileInput,
  SaveProfileOutput,
} from './auth.types';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as 'busy' | 'saving',
  },
  actors: {
    loginWithToken: requiredActor<AuthSession, LoginWithTokenInput>('auth', 'loginWithToken'),
    login: requiredActor<AuthSession, LoginInput>('auth', 'login'),
    logout: requiredActor<unknown, void>('auth', 'logout'),
    countUnsyncedWrites: requiredActor<CountUnsyncedWritesOutput, void>('auth', 'countUnsyncedWrites'),
    saveProfile: requiredActor<SaveProfileOutput, SaveProfileInput>('auth', 'saveProfile'),
    changePassword: requiredActor<ChangePasswordOutput, ChangePasswordInput>('auth', 'changePassword'),
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isMissingCredentials: ({ event }) => {
      assertEvent(event, 'login.submit');
      return missingCredentials(event) !== null;
    },
    isUnreachable: ({ event }) => isUnreachable((event as { error?: unknown }).error),
    isProfileInvalid: ({ event }) => {
      assertEvent(event, 'profile.save');
      return validateProfile(event.fields) !== null;
    },
    isPasswordFormInvalid: ({ event }) => {
      assertEvent(event, 'password.change');
      return validatePasswordForm(event) !== null;
    },
    hasUnsyncedWrites: ({ event }) =>
      ((event as unknown as { output?: CountUnsyncedWritesOutput }).output ?? 0) > 0,
  },
  actions: {
    // Side effects, provided by the app (storage lives outside machines).
    persistSession: () => {},
    clearStoredSession: () => {},
    rememberUser: () => {},

    startLogin: assign(({ event }) => {
      assertEvent(event, 'login.submit');
      return {
        error: null,
        notice: null,
        rememberedUsername: event.remember ? event.username.trim() : null,
      };
    }),
    assignSession: assign({
      session: ({ event }) => (event as unknown as { output: AuthSession }).output,
      error: null,
    }),
    assignMissingCredentials: assign({
      notice: null,
      error: ({ event }) => {
        assertEvent(event, 'login.submit');
        return missingCredentials(event);
      },
    }),
    assignLoginError: assign({
      error: ({ event }) => loginError((event as { error?: unknown }).error),
    }),
    forgetSession: assign({
      session: null,
      profileError: null,
      passwordError: null,
      revokedSessions: null,
      unsyncedWrites: null,
    }),
    assignUnsyncedWrites: assign({
      unsyncedWrites: ({ event }) => (event as unknown as { output: CountUnsyncedWritesOutput }).output,
    }),
    clearUnsyncedWrites: assign({ unsyncedWrites: null }),
    noteSessionExpired: assign({ notice: 'sessionExpired' as const }),
    noteLoggedOut: assign({ notice: 'loggedOut' as const }),
    assignSettings: assign({
      session: ({ context, event }) => {
        assertEvent(event, 'session.settingsUpdated');
        return context.session ? { ...context.session, initial_settings: event.settings } : null;
      },
    }),

    assignProfileValidationError: assign({
      profileError: ({ event }) => {
        assertEvent(event, 'profile.save');
        return validateProfile(event.fields);
      },
    }),
    clearProfileError: assign({ profileError: null }),
    assignUser: assign({
      session: ({ context, event }) => {
        const user = (event as unknown as { output: AuthUser }).output;
        return context.session ? { ...context.session, user: { ...context.session.user, ...user } } : null;
      },
    }),
    assignProfileError: assign({
      profileError: ({ event }) => profileError((event as { error?: unknown }).error),
    }),

    assignPasswordValidationError: assign({
      passwordError: ({ event }) => {
        assertEvent(event, 'password.change');
        return validatePasswordForm(event);
      },
    }),
    clearPasswordError: assign({ passwordError: null, revokedSessions: null }),
    assignPasswordChanged: assign({
      revokedSessions: ({ event }) =>
        (event as unknown as { output: ChangePasswordOutput }).output.revoked_sessions,
    }),
    assignPasswordError: assign({
      passwordError: ({ event }) => passwordError((event as { error?: unknown }).error),
    }),
  },
}).createMachine({
  id: 'auth',
  initial: 'starting',
  context: ({ input }) => ({
    session: input.stored ?? null,
    error: null,
    notice: null,
    rememberedUsername: null,
    profileError: null,
    passwordError: null,
    revokedSessions: null,
    unsyncedWrites: null,
  }),
  states: {
    starting: {
      tags: 'busy',
      always: [{ guard: 'hasStoredSession', target: 'resuming' }, { target: 'anonymous' }],
    },
    resuming: {
      tags: 'busy',
      // /logout opened at start-up: the stored token is known, so the server can still end that session, after
      // the same question about unsynced writes (a reload on the confirmation must not skip it).
      on: { 'logout.request': '#auth.authenticated.logout.checking' },
      invoke: {
        id: 'loginWithToken',
        src: 'loginWithToken',
        input: ({ context }) => ({ token: context.session?.token ?? '' }),
        onDone: { target: 'authenticated', actions: ['assignSession', 'persistSession'] },
        onError: [
          // Offline at start-up: keep working with the stored session; a later 401 ends it.
          { guard: 'isUnreachable', target: 'authenticated' },
          {
            target: 'anonymous',
            actions: ['forgetSession', 'clearStoredSession', 'noteSessionExpired'],
          },
        ],
      },
    },
    anonymous: {
      on: {
        'login.submit': [
          // Nothing to send: said at once, without a round trip (and without a throttled attempt).
          { guard: 'isMissingCredentials', actions: 'assignMissingCredentials' },
          { target: 'submitting', actions: 'startLogin' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          return {
            username: event.username.trim(),
            password: event.password,
            ...(event.tenant?.trim() ? { tenant: event.tenant.trim() } : {}),
          };
        },
        onDone: { target: 'authenticated', actions: ['assignSession', 'persistSession', 'rememberUser'] },
        onError: { target: 'anonymous', actions: 'assignLoginError' },
      },
    },
    authenticated: {
      type: 'parallel',
      on: {
        'session.expired': {
          target: 'anonymous',
          actions: ['forgetSession', 'clearStoredSession', 'noteSessionExpired'],
        },
        'session.settingsUpdated': { actions: ['assignSettings', 'persistSession'] },
      },
      states: {
        logout: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'logout.request': 'checking' },
            },
            checking: {
              tags: 'busy',
              invoke: {
                id: 'countUnsyncedWrites',
                src: 'countUnsyncedWrites',
                onDone: [
                  { guard: 'hasUnsyncedWrites', target: 'confirming', actions: 'assignUnsyncedWrites' },
                  { target: '#auth.loggingOut' },
                ],
                onError: { target: '#auth.loggingOut' },
              },
            },
            confirming: {
              on: {
                'logout.confirm': { target: '#auth.loggingOut', actions: 'clearUnsyncedWrites' },
                'logout.cancel': { target: 'idle', actions: 'clearUnsyncedWrites' },
                // Asked again (/logout opened once more): the count is read again.
                'logout.request': 'checking',
              },
            },
          },
        },
        profile: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.save': [
                  { guard: 'isProfileInvalid', target: 'failed', actions: 'assignProfileValidationError' },
                  { target: 'saving', actions: 'clearProfileError' },
                ],
              },
            },
            saving: {
              tags: 'saving',
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ event }) => {
                  assertEvent(event, 'profile.save');
                  return { fields: event.fields, avatar: event.avatar };
                },
                onDone: { target: 'saved', actions: ['assignUser', 'persistSession'] },
                onError: { target: 'failed', actions: 'assignProfileError' },
              },
            },
            saved: {
              on: {
                'profile.save': [
                  { guard: 'isProfileInvalid', target: 'failed', actions: 'assignProfileValidationError' },
                  { target: 'saving', actions: 'clearProfileError' },
                ],
                'profile.reset': 'idle',
              },
            },
            failed: {
              on: {
                'profile.save': [
                  { guard: 'isProfileInvalid', target: 'failed', actions: 'assignProfileValidationError' },
                  { target: 'saving', actions: 'clearProfileError' },
                ],
                'profile.reset': { target: 'idle', actions: 'clearProfileError' },
              },
            },
          },
        },
        password: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'password.change': [
                  {
                    guard: 'isPasswordFormInvalid',
                    target: 'failed',
                    actions: 'assignPasswordValidationError',
                  },
                  { target: 'changing', actions: 'clearPasswordError' },
                ],
              },
            },
            changing: {
              tags: 'saving',
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ event }) => {
                  assertEvent(event, 'password.change');
                  return { current_password: event.current, new_password: event.next };
                },
                onDone: { target: 'changed', actions: 'assignPasswordChanged' },
                onError: { target: 'failed', actions: 'assignPasswordError' },
              },
            },
            changed: {
              on: {
                'password.reset': { target: 'idle', actions: 'clearPasswordError' },
              },
            },
            failed: {
              on: {
                'password.change': [
                  {
                    guard: 'isPasswordFormInvalid',
                    target: 'failed',
                    actions: 'assignPasswordValidationError',
                  },
                  { target: 'changing', actions: 'clearPasswordError' },
                ],
                'password.reset': { target: 'idle', actions: 'clearPasswordError' },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'anonymous',
          actions: ['forgetSession', 'clearStoredSession', 'noteLoggedOut'],
        },
        // The server could not end it (offline, already ended): the local session goes anyway.
        onError: {
          target: 'anonymous',
          actions: ['forgetSession', 'clearStoredSession', 'noteLoggedOut'],
        },
      },
    },
  },
});
