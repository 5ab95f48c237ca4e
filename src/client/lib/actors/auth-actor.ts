/**
 * The session's auth actor as screens read it: one context, its hooks and types. The actor itself, with its
 * real API calls and storage, is created by app/auth.tsx (AuthProvider passes the provided chart as `logic`);
 * features and components read it from here, because they never import app/ (docs/architecture.md).
 *
 *   useAuthSelector(selectUser)                          one fact of its snapshot
 *   useAuthActorRef().send({ type: 'logout.request' })   counts unsynced writes first; asks when there are some
 */
import { createActorContext } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { authMachine } from '../../../../machines/auth/auth.machine';

export const AuthActor = createActorContext(authMachine);

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export function useAuthSelector<T>(
  selector: (snapshot: AuthSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return AuthActor.useSelector(selector, compare);
}

export function useAuthActorRef(): AuthActorRef {
  return AuthActor.useActorRef();
}
