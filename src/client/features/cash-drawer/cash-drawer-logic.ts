/**
 * The cash drawer chart (machines/cash-drawer) with its real calls (docs/cash-drawer.md):
 * GET /api/pos/cash-drawer, POST /open, /movements and /close.
 *
 * - The read goes through the local cache (lib/api/cache.ts cachedGet): offline, the drawer last read is shown
 *   so a cashier mid-session keeps working; with no copy at all the chart's offline state says so.
 * - Each write carries its own Idempotency-Key and goes through the app's offline queue (lib/api/api.ts): a
 *   write the server cannot get is stored on this till and replayed with the same key, which the server
 *   answers with the first answer (docs/offline.md). The queue's receipt is what the chart calls "queued".
 * - A close past the tolerance: the manager's PIN is checked by POST /role-by-code, and its approval rides
 *   the close as X-Pin-Approval (ADR 006). The PIN itself goes nowhere else.
 */
import { fromPromise } from 'xstate';
import { cashDrawerMachine } from '../../../../machines/cash-drawer/cash-drawer.machine';
import type {
  CloseInput,
  MovementInput,
  SessionOutput,
} from '../../../../machines/cash-drawer/cash-drawer.types';
import type { DrawerSession, DrawerState } from '../../../contracts/cash-drawer';
import type { DenominationCount } from '../../../domain/cash-drawer';
import { api } from '../../lib/api/api';
import { checkPin } from '../../lib/api/auth-api';
import { cachedGet, routeCacheKey } from '../../lib/api/cache';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import type { OfflineQueuedAnswer } from '../../lib/offline-queue/offline-fetch';

const DRAWER_URL = '/pos/cash-drawer';

/** The drawer of this workstation; the last copy when the network fails; offline with none. */
export async function loadDrawer(signal?: AbortSignal): Promise<DrawerState> {
  const state = await cachedGet<DrawerState>(api, DRAWER_URL, {
    key: routeCacheKey(DRAWER_URL),
    skipNotice: true,
    skipLoading: true,
    signal,
  });
  if (state === null) throw { status: 0, kind: 'network', message: 'Unable to connect to server.' };
  return state;
}

function write(path: string, body: Record<string, unknown>, signal?: AbortSignal, pinApproval?: string) {
  return api.post<DrawerSession | OfflineQueuedAnswer>(`${DRAWER_URL}${path}`, body, {
    idempotencyKey: newIdempotencyKey(),
    skipNotice: true,
    signal,
    ...(pinApproval ? { pinApproval } : {}),
  }) as Promise<SessionOutput>;
}

export function openDrawer(count: DenominationCount, signal?: AbortSignal): Promise<SessionOutput> {
  return write('/open', { count }, signal);
}

export function recordMovement(input: MovementInput, signal?: AbortSignal): Promise<SessionOutput> {
  return write('/movements', input, signal);
}

/** The close; with a PIN, the manager's approval is earned first and sent with it. */
export async function closeDrawer(input: CloseInput, signal?: AbortSignal): Promise<SessionOutput> {
  if (input.pin === undefined) return write('/close', { count: input.count }, signal);
  const answer = await checkPin(input.pin, { signal });
  return write('/close', { count: input.count }, signal, answer.approval);
}

export function cashDrawerLogic() {
  return cashDrawerMachine.provide({
    actors: {
      loadDrawer: fromPromise(({ signal }) => loadDrawer(signal)),
      openDrawer: fromPromise(
        ({ input, signal }: { input: { count: DenominationCount }; signal: AbortSignal }) =>
          openDrawer(input.count, signal),
      ),
      recordMovement: fromPromise(({ input, signal }: { input: MovementInput; signal: AbortSignal }) =>
        recordMovement(input, signal),
      ),
      closeDrawer: fromPromise(({ input, signal }: { input: CloseInput; signal: AbortSignal }) =>
        closeDrawer(input, signal),
      ),
    },
  });
}
