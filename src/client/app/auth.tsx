/**
 * The session's actors, provided here and nowhere else (docs/architecture.md: app/ is the one place that
 * gives machines their real side effects). The auth machine (machines/auth) gets the API calls of
 * lib/api/auth-api.ts and the storage of lib/storage.ts; the PIN check (machines/pin-check) gets POST
 * /api/role-by-code.
 *
 *   <AuthProvider>…</AuthProvider>                  one auth actor for the app (systemId 'auth'), read through
 *                                                    lib/actors/auth-actor.ts (useAuthSelector, useAuthActorRef)
 *   const pin = usePinCheckActor({ onApproved });    a PIN check for a gate or an approval; <PinPad actor={pin} />
 *
 * A 401 seen by the API client on a call that carried the token is sent to the auth actor as 'session.expired'
 * (docs/api.md#the-client "Status 401 clears the login data"); the chart clears the storage.
 */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { authMachine } from '../../../machines/auth/auth.machine';
import type { AuthSession } from '../../../machines/auth/auth.types';
import { pinCheckMachine } from '../../../machines/pin-check/pin-check.machine';
import type { PinApproval, PinCheckInput } from '../../../machines/pin-check/pin-check.types';
import type { Role } from '../../domain/constants';
import { AuthActor, useAuthActorRef } from '../lib/actors/auth-actor';
import { api } from '../lib/api/api';
import * as authApi from '../lib/api/auth-api';
import { pinApprovals } from '../lib/api/pin-approval';
import {
  clearSession,
  countUnsyncedWrites,
  readAuthRecord,
  rememberUsername,
  saveSession,
} from '../lib/storage';

/** The auth chart with the app's real calls and storage. */
export const appAuthMachine = authMachine.provide({
  actors: {
    loginWithToken: fromPromise<AuthSession, { token: string }>(({ input, signal }) =>
      authApi.loginWithToken(input.token, { signal }),
    ),
    login: fromPromise<AuthSession, { username: string; password: string; tenant?: string }>(
      ({ input, signal }) => authApi.login(input, { signal }),
    ),
    logout: fromPromise<unknown, void>(({ signal }) => authApi.logout({ signal })),
    // The offline queue's writes not yet on the server: logout asks first when there are some (docs/offline.md).
    countUnsyncedWrites: fromPromise<number, void>(() => countUnsyncedWrites()),
    saveProfile: fromPromise(({ input, signal }) =>
      authApi.updateProfile(input.fields, input.avatar, { signal }),
    ),
    changePassword: fromPromise(({ input, signal }) => authApi.changePassword(input, { signal })),
  },
  actions: {
    persistSession: ({ context }) => {
      if (context.session) saveSession(context.session);
    },
    // The PIN approval is bound to the session (ADR 006): it goes with it. The offline queue stays (IndexedDB,
    // docs/offline.md): its writes are the salon's sales, not the session's.
    clearStoredSession: () => {
      clearSession();
      pinApprovals.clear();
    },
    rememberUser: ({ context }) => rememberUsername(context.rememberedUsername),
  },
});

/** Hands the API client's 401s to the chart for as long as the provider is mounted. */
function UnauthorizedBridge() {
  const actor = useAuthActorRef();
  useEffect(() => {
    api.setUnauthorizedHandler(() => actor.send({ type: 'session.expired' }));
    return () => api.setUnauthorizedHandler(null);
  }, [actor]);
  return null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Read once: the actor is created on the first render and ignores later options.
  const options = { systemId: 'auth', input: { stored: readAuthRecord() } };
  return (
    <AuthActor.Provider logic={appAuthMachine} options={options}>
      <UnauthorizedBridge />
      {children}
    </AuthActor.Provider>
  );
}

// ---- PIN check ---------------------------------------------------------------------------------------

/** The PIN chart with the real check: POST /api/role-by-code. */
export const appPinCheckMachine = pinCheckMachine.provide({
  actors: {
    checkPin: fromPromise<PinApproval, { code: string }>(({ input, signal }) =>
      authApi.checkPin(input.code, { signal }),
    ),
  },
});

export type PinCheckActorRef = ActorRefFrom<typeof appPinCheckMachine>;

export interface PinCheckOptions {
  /** Roles whose PIN approves; default manager, admin, owner; null = anyone with a PIN. */
  requiredRoles?: readonly Role[] | null;
  /** Called once when a PIN approves (after the approval is kept for this session's calls). */
  onApproved?: (approval: PinApproval) => void;
}

/**
 * A PIN check actor for one gate or approval, living as long as the component that asks. The approval it ends
 * with is kept in `pinApprovals` (sent as X-Pin-Approval by the callers that need it) and handed to onApproved.
 * Options are read on the first render, like the actor itself (a new gate mounts a new actor).
 */
export function usePinCheckActor({ requiredRoles, onApproved }: PinCheckOptions = {}): PinCheckActorRef {
  const input: PinCheckInput = requiredRoles === undefined ? {} : { requiredRoles };
  return useActorRef(appPinCheckMachine, { input }, (snapshot) => {
    if (snapshot.status !== 'done' || !snapshot.output) return;
    pinApprovals.set(snapshot.output);
    onApproved?.(snapshot.output);
  });
}
