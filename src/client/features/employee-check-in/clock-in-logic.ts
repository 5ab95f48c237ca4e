/**
 * The clock-in chart (machines/clock-in) with its real calls (docs/front-desk.md "Clock in and out"): the board
 * is GET /api/pos/employees (the store's employees with checked_in, check_in_at and on_break), an action is
 * POST /api/pos/employees/check-in-out. Both need only the Sale module (src/server/routes/employees), as the
 * route does (app/routes.ts).
 *
 * - One Idempotency-Key per intent (docs/api.md#writes-and-idempotency): each call of `clock` is one tap on an
 *   action (or one PIN sent), so it gets its own key, and a replay of that request by the offline queue keeps
 *   it. A second tap is a new intent; the server refuses it with a 409 rather than undoing the first
 *   (docs/front-desk.md "Clock in and out").
 * - No notices: the screen says every failure itself, by its code.
 * - Offline, the request queue stores the action and answers its receipt `{ offline, requestId }`, which the
 *   chart tells apart from an answer (clock-in.rules.ts isOfflineQueued).
 */
import { fromPromise } from 'xstate';
import { clockInMachine } from '../../../../machines/clock-in/clock-in.machine';
import type { ClockCallInput, ClockOutput } from '../../../../machines/clock-in/clock-in.types';
import type { CheckInOutResponse, EmployeeView } from '../../../contracts/employees';
import type { Page } from '../../../contracts/envelope';
import { api } from '../../lib/api/api';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import type { OfflineQueuedAnswer } from '../../lib/offline-queue/offline-fetch';

/** The board shows a store's whole team on one screen: the API's largest page. */
export const BOARD_SIZE = 100;

export async function loadBoard(signal?: AbortSignal): Promise<EmployeeView[]> {
  const page = await api.get<Page<EmployeeView>>('/pos/employees', {
    query: { per_page: BOARD_SIZE },
    skipNotice: true,
    skipLoading: true,
    signal,
  });
  return page.items;
}

/** The body of check-in-out: the PIN only when the chart gives one (it is asked only when needed). */
export function clockBody(input: ClockCallInput): { user_id: number; action: string; pin?: string } {
  return {
    user_id: input.userId,
    action: input.action,
    ...(input.pin !== undefined ? { pin: input.pin } : {}),
  };
}

export function clock(input: ClockCallInput, signal?: AbortSignal): Promise<ClockOutput> {
  return api.post<CheckInOutResponse | OfflineQueuedAnswer>('/pos/employees/check-in-out', clockBody(input), {
    idempotencyKey: newIdempotencyKey(),
    skipNotice: true,
    signal,
  });
}

export function clockInLogic() {
  return clockInMachine.provide({
    actors: {
      loadBoard: fromPromise(({ signal }) => loadBoard(signal)),
      clock: fromPromise(({ input, signal }: { input: ClockCallInput; signal: AbortSignal }) =>
        clock(input, signal),
      ),
    },
  });
}
