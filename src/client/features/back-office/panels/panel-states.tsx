/**
 * Where a row action's panel's load stands, for the back office's LoadState (../load-state.tsx) to draw.
 * Offline, the panel also loads again by itself when the connection returns (its chart's `connection.online`,
 * lib/online-events.ts).
 */
import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import type { ResourceError } from '../../../../../machines/resource/resource.types';
import type { LoadStateKind } from '../load-state';
import { useOnlineEvent } from '../../../lib/online-events';

/** Where a panel's load stands when it has nothing to show yet; null once it has. */
export type PanelLoadState = LoadStateKind;

/**
 * A panel chart's status and load failure, and where its load stands (`loadStates`: the chart's statuses that
 * have nothing to show yet). The chart takes `retry` and `connection.online`; it hears the latter by itself.
 */
export function usePanelLoad<TSnapshot extends Snapshot<unknown>, Status extends string>(
  actor: ActorRef<TSnapshot, { type: 'retry' } | { type: 'connection.online' }>,
  select: {
    status: (snapshot: TSnapshot) => Status;
    failure: (snapshot: TSnapshot) => ResourceError | null;
  },
  loadStates: Partial<Record<Status, PanelLoadState>>,
) {
  useOnlineEvent(actor);
  const status = useSelector(actor, select.status);
  const failure = useSelector(actor, select.failure);
  return {
    status,
    failure,
    load: loadStates[status] ?? null,
    retry: () => actor.send({ type: 'retry' }),
  };
}
