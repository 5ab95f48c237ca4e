/**
 * Pure rules of the cash drawer chart: reading failures and receipts, and keeping the drawer whole while the
 * till is offline (a queued movement is added to the session shown, so the cashier sees what they did).
 */
import type { DrawerSession, DrawerState } from '../../src/contracts/cash-drawer';
import { countTotal, expectedCash, validateMovement } from '../../src/domain/cash-drawer';
import type { DenominationCount, MovementKind } from '../../src/domain/cash-drawer';
import { toResourceError } from '../resource/resource.rules';
import type { DrawerQueued, ManagerNeeded, MovementInput, SessionOutput } from './cash-drawer.types';

export function isOfflineFailure(error: unknown): boolean {
  return toResourceError(error).kind === 'offline';
}

export function isQueued(output: SessionOutput): output is DrawerQueued {
  return 'offline' in output && output.offline === true;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** 403 drawer_manager_required: its over/short and tolerance (null for any other failure). */
export function managerNeededOf(error: unknown): ManagerNeeded | null {
  if (toResourceError(error).code !== 'drawer_manager_required') return null;
  const details = record(record(error)?.details);
  const overShort = details?.over_short;
  const tolerance = details?.tolerance;
  return typeof overShort === 'number' && typeof tolerance === 'number' ? { overShort, tolerance } : null;
}

/** The server's view of the drawer changed under the screen (opened elsewhere, closed elsewhere): reload. */
export function isStale(error: unknown): boolean {
  const code = toResourceError(error).code;
  return code === 'drawer_already_open' || code === 'drawer_closed';
}

export function isMovementValid(input: MovementInput): boolean {
  return validateMovement(input.kind, input.amount, input.reason) === null;
}

/** A count has something in it: an empty float or an empty close is a slip, not a count. */
export function hasPieces(count: DenominationCount): boolean {
  return countTotal(count) > 0;
}

function withExpected(session: DrawerSession): DrawerSession {
  const parts = expectedCash(
    session.expected.opening_float,
    {
      cashTaken: session.expected.cash_taken,
      changeGiven: session.expected.change_given,
      cashRefunds: session.expected.cash_refunds,
    },
    session.movements,
  );
  return {
    ...session,
    expected: {
      ...session.expected,
      pay_ins: parts.payIns,
      pay_outs: parts.payOuts,
      drops: parts.drops,
      tip_outs: parts.tipOuts,
      expected: parts.expected,
    },
  };
}

/**
 * The session as the till knows it after an open the queue took: the counted float, no movements yet. Ids are
 * 0 until the server's answer replaces it at the next load.
 */
export function openedOffline(state: DrawerState | null, count: DenominationCount, at: string): DrawerState {
  const float = countTotal(count);
  return {
    expected_opening: state?.expected_opening ?? null,
    tolerance: state?.tolerance ?? 0,
    required: state?.required ?? false,
    session: {
      id: 0,
      workstation_id: state?.session?.workstation_id ?? null,
      workstation_name: state?.session?.workstation_name ?? '',
      status: 'open',
      opened_at: at,
      opened_by_name: '',
      opening_count: { ...count } as Record<string, number>,
      expected_opening: state?.expected_opening ?? null,
      closed_at: null,
      closed_by_name: null,
      closing_count: null,
      counted: null,
      over_short: null,
      approved_by_name: null,
      expected: {
        opening_float: float,
        cash_taken: 0,
        change_given: 0,
        net_cash_sales: 0,
        pay_ins: 0,
        pay_outs: 0,
        drops: 0,
        tip_outs: 0,
        cash_refunds: 0,
        expected: float,
      },
      movements: [],
    },
  };
}

/** The drawer with a movement the queue took added, and the expected cash recomputed by the domain. */
export function withQueuedMovement(
  state: DrawerState | null,
  movement: { kind: MovementKind; amount: number; reason: string },
  at: string,
): DrawerState | null {
  if (!state?.session) return state;
  const session = state.session;
  return {
    ...state,
    session: withExpected({
      ...session,
      movements: [
        ...session.movements,
        { id: 0, ...movement, created_by: 0, created_by_name: '', created_at: at },
      ],
    }),
  };
}
