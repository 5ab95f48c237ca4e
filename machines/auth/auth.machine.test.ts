import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { PASSWORD_MIN_LENGTH as CONTRACT_PASSWORD_MIN_LENGTH } from '../../src/contracts/auth';
import { MANAGER_SESSION } from '../../tests/support/machines/auth-session';
import { authMachine } from './auth.machine';
import { PASSWORD_MIN_LENGTH } from './auth.rules';
import {
  selectError,
  selectHomePath,
  selectIsAuthenticated,
  selectIsBusy,
  selectIsResuming,
  selectLanguage,
  selectLogoutStep,
  selectModules,
  selectNotice,
  selectPasswordError,
  selectPasswordStatus,
  selectProfileError,
  selectProfileStatus,
  selectRevokedSessions,
  selectRole,
  selectStoreSettings,
  selectUnsyncedWrites,
  selectUser,
} from './auth.selectors';
import type {
  AuthSession,
  ChangePasswordInput,
  ChangePasswordOutput,
  LoginInput,
  LoginWithTokenInput,
  RequestFailure,
  SaveProfileInput,
  SaveProfileOutput,
} from './auth.types';

const failure = (status: number, message: string, extra: Partial<RequestFailure> = {}): RequestFailure => ({
  status,
  message,
  ...extra,
});

interface Fakes {
  loginWithToken?: (input: LoginWithTokenInput) => Promise<AuthSession>;
  login?: (input: LoginInput) => Promise<AuthSession>;
  logout?: () => Promise<unknown>;
  countUnsyncedWrites?: () => Promise<number>;
  saveProfile?: (input: SaveProfileInput) => Promise<SaveProfileOutput>;
  changePassword?: (input: ChangePasswordInput) => Promise<ChangePasswordOutput>;
}

function start(fakes: Fakes = {}, stored: AuthSession | null = null) {
  const persistSession = vi.fn();
  const clearStoredSession = vi.fn();
  const rememberUser = vi.fn();
  const calls: Record<string, unknown[]> = {};
  const fake = <I, O>(name: string, impl: ((input: I) => Promise<O>) | undefined) =>
    fromPromise<O, I>(({ input }) => {
      (calls[name] ??= []).push(input);
      return impl ? impl(input) : new Promise<O>(() => {});
    });
  const machine = authMachine.provide({
    actors: {
      loginWithToken: fake('loginWithToken', fakes.loginWithToken),
      login: fake('login', fakes.login),
      logout: fake<void, unknown>('logout', fakes.logout),
      countUnsyncedWrites: fake<void, number>(
        'countUnsyncedWrites',
        fakes.countUnsyncedWrites ?? (async () => 0),
      ),
      saveProfile: fake('saveProfile', fakes.saveProfile),
      changePassword: fake('changePassword', fakes.changePassword),
    },
    actions: {
      persistSession: ({ context }) => persistSession(context.session),
      clearStoredSession,
      rememberUser: ({ context }) => rememberUser(context.rememberedUsername),
    },
  });
  const actor = createActor(machine, { input: { stored } }).start();
  return { actor, persistSession, clearStoredSession, rememberUser, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function loggedIn(fakes: Fakes = {}) {
  const t = start({ login: async () => MANAGER_SESSION, ...fakes });
  t.actor.send({ type: 'login.submit', username: 'manager', password: 'demo1234' });
  await waitFor(t.actor, selectIsAuthenticated);
  return t;
}

describe('start-up', () => {
  it('with nothing stored the till starts anonymous', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(selectIsResuming(actor.getSnapshot())).toBe(false);
  });

  it('a stored session is resumed with login-token and the fresh answer stored', async () => {
    const fresh = { ...MANAGER_SESSION, token: 'tok-fresh' };
    const t = start({ loginWithToken: async () => fresh }, MANAGER_SESSION);
    expect(selectIsResuming(t.actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(t.actor.getSnapshot())).toBe(true);
    expect(selectIsAuthenticated(t.actor.getSnapshot())).toBe(false);
    await waitFor(t.actor, selectIsAuthenticated);
    expect(t.calls.loginWithToken).toEqual([{ token: 'tok-manager' }]);
    expect(t.persistSession).toHaveBeenCalledWith(fresh);
  });

  it('a stored session the server refuses is cleared, with a notice that it ended', async () => {
    const t = start(
      { loginWithToken: () => Promise.reject(failure(401, 'Your session has ended.')) },
      MANAGER_SESSION,
    );
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(selectNotice(t.actor.getSnapshot())).toBe('sessionExpired');
    expect(t.actor.getSnapshot().context.session).toBeNull();
  });

  it('offline at start-up the stored session is kept (the till keeps selling)', async () => {
    const t = start(
      {
        loginWithToken: () => Promise.reject(failure(0, 'Unable to connect to server.', { kind: 'network' })),
      },
      MANAGER_SESSION,
    );
    await waitFor(t.actor, selectIsAuthenticated);
    expect(selectUser(t.actor.getSnapshot())?.username).toBe('manager');
    expect(t.clearStoredSession).not.toHaveBeenCalled();
  });
});

describe('logout at start-up', () => {
  it('/logout opened while a stored session is resumed still ends it on the server', async () => {
    const t = start(
      { loginWithToken: () => new Promise(() => {}), logout: async () => null },
      MANAGER_SESSION,
    );
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.calls.logout).toHaveLength(1);
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
  });
});

describe('login', () => {
  it('submits the trimmed username, the password and the tenant, then stores the session', async () => {
    const t = start({ login: async () => MANAGER_SESSION });
    t.actor.send({ type: 'login.submit', username: ' manager ', password: 'demo1234', tenant: ' demo ' });
    expect(selectIsBusy(t.actor.getSnapshot())).toBe(true);
    await waitFor(t.actor, selectIsAuthenticated);
    expect(t.calls.login).toEqual([{ username: 'manager', password: 'demo1234', tenant: 'demo' }]);
    expect(t.persistSession).toHaveBeenCalledWith(MANAGER_SESSION);
  });

  it('an empty username or password is refused at once, naming the field, with no call', () => {
    const t = start({ login: async () => MANAGER_SESSION });
    t.actor.send({ type: 'login.submit', username: '  ', password: '' });
    expect(t.actor.getSnapshot().value).toBe('anonymous');
    expect(selectError(t.actor.getSnapshot())).toEqual({
      code: 'auth.errors.missingCredentials',
      message: 'Enter your username and password.',
      fields: {
        username: { code: 'auth.errors.usernameRequired', message: 'Enter your username.' },
        password: { code: 'auth.errors.passwordRequired', message: 'Enter your password.' },
      },
    });
    expect(t.calls.login).toBeUndefined();
  });

  it('an empty salon code is left out', async () => {
    const t = start({ login: async () => MANAGER_SESSION });
    t.actor.send({ type: 'login.submit', username: 'manager', password: 'x', tenant: '  ' });
    await waitFor(t.actor, selectIsAuthenticated);
    expect(t.calls.login).toEqual([{ username: 'manager', password: 'x' }]);
  });

  it('a wrong password returns to the form with the bad-credentials error', async () => {
    const t = start({
      login: () => Promise.reject(failure(401, 'The username or password is incorrect.')),
    });
    t.actor.send({ type: 'login.submit', username: 'manager', password: 'nope' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(selectError(t.actor.getSnapshot())).toEqual({
      code: 'auth.errors.badCredentials',
      message: 'The username or password is incorrect.',
    });
    expect(t.persistSession).not.toHaveBeenCalled();
  });

  it('several salons on the server: the missing salon code is its own error', async () => {
    const t = start({
      login: () =>
        Promise.reject(
          failure(422, 'Enter your salon code.', { errors: { tenant: ['Enter your salon code.'] } }),
        ),
    });
    t.actor.send({ type: 'login.submit', username: 'manager', password: 'x' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(selectError(t.actor.getSnapshot())?.code).toBe('auth.errors.tenantRequired');
  });

  it('a locked account reads as too many attempts; offline as the network error', async () => {
    const locked = start({ login: () => Promise.reject(failure(429, 'Too many failed logins.')) });
    locked.actor.send({ type: 'login.submit', username: 'a', password: 'b' });
    await waitFor(locked.actor, (s) => s.matches('anonymous'));
    expect(selectError(locked.actor.getSnapshot())?.code).toBe('auth.errors.tooManyAttempts');

    const offline = start({ login: () => Promise.reject(failure(0, 'Unable…', { kind: 'network' })) });
    offline.actor.send({ type: 'login.submit', username: 'a', password: 'b' });
    await waitFor(offline.actor, (s) => s.matches('anonymous'));
    expect(selectError(offline.actor.getSnapshot())?.code).toBe('api.errors.network');
  });

  it('a new attempt clears the previous error', async () => {
    let answer: Promise<AuthSession> = Promise.reject(failure(401, 'Wrong.'));
    const t = start({ login: () => answer });
    t.actor.send({ type: 'login.submit', username: 'a', password: 'b' });
    await waitFor(t.actor, (s) => s.matches('anonymous') && s.context.error !== null);
    answer = new Promise(() => {});
    t.actor.send({ type: 'login.submit', username: 'a', password: 'c' });
    expect(selectError(t.actor.getSnapshot())).toBeNull();
  });

  it('"remember me" remembers the username on success; unticked it forgets it', async () => {
    const t = start({ login: async () => MANAGER_SESSION });
    t.actor.send({ type: 'login.submit', username: 'manager', password: 'x', remember: true });
    await waitFor(t.actor, selectIsAuthenticated);
    expect(t.rememberUser).toHaveBeenCalledWith('manager');

    const u = start({ login: async () => MANAGER_SESSION });
    u.actor.send({ type: 'login.submit', username: 'manager', password: 'x' });
    await waitFor(u.actor, selectIsAuthenticated);
    expect(u.rememberUser).toHaveBeenCalledWith(null);
  });

  it('the password never enters the context', async () => {
    const t = start();
    t.actor.send({ type: 'login.submit', username: 'manager', password: 'secret-pass' });
    expect(JSON.stringify(t.actor.getSnapshot().context)).not.toContain('secret-pass');
  });
});

describe('the signed-in session', () => {
  it('selectors read user, role, modules, store settings, home and language', async () => {
    const { actor } = await loggedIn();
    const s = actor.getSnapshot();
    expect(selectUser(s)?.name).toBe('Maria Lopez');
    expect(selectRole(s)).toBe('manager');
    expect(selectModules(s)).toHaveLength(14);
    expect(selectStoreSettings(s)?.store_name).toBe('Demo Nail Spa');
    expect(selectHomePath(s)).toBe('/pos/employee-check-in');
    expect(selectLanguage(s)).toBe('vi');
  });

  it('anonymous: no user, no modules, home is the dashboard, language en', () => {
    const s = start().actor.getSnapshot();
    expect(selectUser(s)).toBeNull();
    expect(selectModules(s)).toEqual([]);
    expect(selectHomePath(s)).toBe('/dashboard');
    expect(selectLanguage(s)).toBe('en');
  });

  it('a 401 elsewhere ends the session: cleared, with the session-ended notice', async () => {
    const t = await loggedIn();
    t.actor.send({ type: 'session.expired' });
    expect(t.actor.getSnapshot().value).toBe('anonymous');
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(selectNotice(t.actor.getSnapshot())).toBe('sessionExpired');
  });

  it('new initial settings replace those of the session and are stored', async () => {
    const t = await loggedIn();
    const settings = {
      ...MANAGER_SESSION.initial_settings,
      storeSettings: { ...MANAGER_SESSION.initial_settings.storeSettings, language: 'es' as const },
    };
    t.actor.send({ type: 'session.settingsUpdated', settings });
    expect(selectLanguage(t.actor.getSnapshot())).toBe('es');
    expect(t.persistSession).toHaveBeenLastCalledWith(
      expect.objectContaining({ initial_settings: settings }),
    );
  });
});

describe('logout', () => {
  it('asks the server, then clears the local session', async () => {
    let release: () => void = () => {};
    const t = await loggedIn({
      logout: () => new Promise<null>((resolve) => (release = () => resolve(null))),
    });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => s.matches('loggingOut'));
    expect(t.calls.logout).toHaveLength(1);
    expect(t.clearStoredSession).not.toHaveBeenCalled();
    release();
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(selectNotice(t.actor.getSnapshot())).toBe('loggedOut');
  });

  it('the local session is cleared even when the server call fails', async () => {
    const t = await loggedIn({ logout: () => Promise.reject(failure(0, 'offline', { kind: 'network' })) });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(t.actor.getSnapshot().context.session).toBeNull();
  });
});

describe('logout with writes not yet synced', () => {
  it('with nothing waiting in the offline queue, logs out without asking', async () => {
    const t = await loggedIn({ logout: async () => null, countUnsyncedWrites: async () => 0 });
    t.actor.send({ type: 'logout.request' });
    expect(selectLogoutStep(t.actor.getSnapshot())).toBe('checking');
    expect(selectIsBusy(t.actor.getSnapshot())).toBe(true);
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.calls.countUnsyncedWrites).toHaveLength(1);
    expect(t.calls.logout).toHaveLength(1);
  });

  it('asks first with the count; Cancel keeps the session signed in as it was', async () => {
    const t = await loggedIn({ logout: async () => null, countUnsyncedWrites: async () => 3 });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => selectLogoutStep(s) === 'confirming');
    const asking = t.actor.getSnapshot();
    expect(selectUnsyncedWrites(asking)).toBe(3);
    expect(selectIsAuthenticated(asking)).toBe(true);
    expect(selectUser(asking)?.username).toBe('manager');
    expect(selectIsBusy(asking)).toBe(false);
    expect(t.calls.logout).toBeUndefined();

    t.actor.send({ type: 'logout.cancel' });
    const kept = t.actor.getSnapshot();
    expect(selectLogoutStep(kept)).toBe('idle');
    expect(selectUnsyncedWrites(kept)).toBe(0);
    expect(selectIsAuthenticated(kept)).toBe(true);
    expect(t.clearStoredSession).not.toHaveBeenCalled();
    expect(t.calls.logout).toBeUndefined();
  });

  it('"Log out anyway" logs out; the count is read again each time logout is asked for', async () => {
    let waiting = 2;
    const t = await loggedIn({ logout: async () => null, countUnsyncedWrites: async () => waiting });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => selectLogoutStep(s) === 'confirming');
    expect(selectUnsyncedWrites(t.actor.getSnapshot())).toBe(2);
    waiting = 5;
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => selectUnsyncedWrites(s) === 5);
    t.actor.send({ type: 'logout.confirm' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.calls.countUnsyncedWrites).toHaveLength(2);
    expect(t.calls.logout).toHaveLength(1);
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(selectNotice(t.actor.getSnapshot())).toBe('loggedOut');
  });

  it('a queue that cannot be read does not stop the logout', async () => {
    const t = await loggedIn({
      logout: async () => null,
      countUnsyncedWrites: () => Promise.reject(new Error('IndexedDB unavailable')),
    });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => s.matches('anonymous'));
    expect(t.calls.logout).toHaveLength(1);
  });

  it('a session that ends (401) while the question is open goes, the question with it', async () => {
    const t = await loggedIn({ countUnsyncedWrites: async () => 1 });
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => selectLogoutStep(s) === 'confirming');
    t.actor.send({ type: 'session.expired' });
    const ended = t.actor.getSnapshot();
    expect(ended.value).toBe('anonymous');
    expect(selectUnsyncedWrites(ended)).toBe(0);
    expect(t.clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('/logout opened at start-up asks the same question before ending the stored session', async () => {
    const t = start(
      { loginWithToken: () => new Promise(() => {}), countUnsyncedWrites: async () => 4 },
      MANAGER_SESSION,
    );
    t.actor.send({ type: 'logout.request' });
    await waitFor(t.actor, (s) => selectLogoutStep(s) === 'confirming');
    expect(selectUnsyncedWrites(t.actor.getSnapshot())).toBe(4);
    expect(t.calls.logout).toBeUndefined();
  });
});

describe('profile', () => {
  const fields = { first_name: 'Mary', last_name: 'Lopez', email: 'mary@example.com', phone: '212-555-0100' };

  it('saves and merges the returned user into the session, which is stored', async () => {
    const t = await loggedIn({ saveProfile: async () => ({ ...MANAGER_SESSION.user, first_name: 'Mary' }) });
    t.actor.send({ type: 'profile.save', fields, avatar: null });
    expect(selectProfileStatus(t.actor.getSnapshot())).toBe('saving');
    await waitFor(t.actor, (s) => selectProfileStatus(s) === 'saved');
    expect(selectUser(t.actor.getSnapshot())?.first_name).toBe('Mary');
    expect(t.persistSession).toHaveBeenLastCalledWith(
      expect.objectContaining({ user: expect.objectContaining({ first_name: 'Mary' }) }),
    );
  });

  it('an invalid email is refused before any call, with the field named', async () => {
    const t = await loggedIn();
    t.actor.send({ type: 'profile.save', fields: { ...fields, email: 'not-an-email' }, avatar: null });
    expect(selectProfileStatus(t.actor.getSnapshot())).toBe('failed');
    expect(selectProfileError(t.actor.getSnapshot())?.fields?.email?.code).toBe('auth.profile.errors.email');
    expect(t.calls.saveProfile).toBeUndefined();
  });

  it("the server's refusal is kept per field", async () => {
    const t = await loggedIn({
      saveProfile: () =>
        Promise.reject(
          failure(422, 'Invalid.', { errors: { avatar: ['The avatar must be an image file.'] } }),
        ),
    });
    t.actor.send({ type: 'profile.save', fields, avatar: new Blob(['x']) });
    await waitFor(t.actor, (s) => selectProfileStatus(s) === 'failed');
    expect(selectProfileError(t.actor.getSnapshot())?.fields?.avatar?.message).toBe(
      'The avatar must be an image file.',
    );
  });
});

describe('change password', () => {
  it('checks the form: current required, at least 8 characters, different, confirmed', async () => {
    const t = await loggedIn();
    t.actor.send({ type: 'password.change', current: '', next: 'short', confirm: 'other' });
    const error = selectPasswordError(t.actor.getSnapshot());
    expect(Object.fromEntries(Object.entries(error?.fields ?? {}).map(([k, v]) => [k, v.code]))).toEqual({
      current_password: 'auth.password.errors.currentRequired',
      new_password: 'auth.password.errors.tooShort',
      confirm_password: 'auth.password.errors.mismatch',
    });
    t.actor.send({ type: 'password.change', current: 'demo1234', next: 'demo1234', confirm: 'demo1234' });
    expect(selectPasswordError(t.actor.getSnapshot())?.fields?.new_password?.code).toBe(
      'auth.password.errors.sameAsCurrent',
    );
    expect(t.calls.changePassword).toBeUndefined();
  });

  it('sends current and new password; success says how many other sessions ended', async () => {
    const t = await loggedIn({ changePassword: async () => ({ revoked_sessions: 2 }) });
    t.actor.send({
      type: 'password.change',
      current: 'demo1234',
      next: 'new-pass-99',
      confirm: 'new-pass-99',
    });
    await waitFor(t.actor, (s) => selectPasswordStatus(s) === 'saved');
    expect(t.calls.changePassword).toEqual([{ current_password: 'demo1234', new_password: 'new-pass-99' }]);
    expect(selectRevokedSessions(t.actor.getSnapshot())).toBe(2);
    expect(selectIsAuthenticated(t.actor.getSnapshot())).toBe(true);
  });

  it('a wrong current password is a field error, and the session stays', async () => {
    const t = await loggedIn({
      changePassword: () =>
        Promise.reject(
          failure(422, 'The current password is not correct.', {
            errors: { current_password: ['The current password is not correct.'] },
          }),
        ),
    });
    t.actor.send({
      type: 'password.change',
      current: 'wrong-one',
      next: 'new-pass-99',
      confirm: 'new-pass-99',
    });
    await waitFor(t.actor, (s) => selectPasswordStatus(s) === 'failed');
    expect(selectPasswordError(t.actor.getSnapshot())?.fields?.current_password?.code).toBe(
      'auth.password.errors.currentWrong',
    );
    expect(selectIsAuthenticated(t.actor.getSnapshot())).toBe(true);
  });

  it('the client minimum matches the contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_PASSWORD_MIN_LENGTH);
  });
});

describe('session end while saving', () => {
  it('a 401 during a profile save ends the session and cancels the save', async () => {
    const t = await loggedIn();
    t.actor.send({
      type: 'profile.save',
      fields: { first_name: 'A', last_name: 'B', email: '', phone: '' },
      avatar: null,
    });
    t.actor.send({ type: 'session.expired' });
    await settle();
    expect(t.actor.getSnapshot().value).toBe('anonymous');
    expect(t.actor.getSnapshot().context.profileError).toBeNull();
  });
});
