/**
 * The server's (and any caller's) door to the sale-status chart: given a stored sale (status columns) and a
 * requested move, resolve a snapshot at the stored status and ask the chart. The chart decides what is legal; the
 * domain only explains a refusal (code + text for the 409). A clear is the one move with no next status: the sale
 * is deleted for good.
 */
import { transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { SaleStatus } from '../../src/domain/constants';
import {
  SALE_STATUS_BY_NAME,
  SALE_STATUS_ERROR,
  SALE_STATUS_NAME,
  saleStatusError,
  saleStatusMoveError,
} from '../../src/domain/sale-status';
import type {
  RefundedLine,
  SaleStatusFacts,
  SaleStatusMove,
  SaleStatusMoveError,
  SaleStatusName,
} from '../../src/domain/sale-status';
import { saleStatusMachine } from './sale-status.machine';
import type { SaleStatusEvent } from './sale-status.types';

/** A sale's status columns as stored. */
export interface StoredSaleStatus extends SaleStatusFacts {
  refundedLines?: readonly RefundedLine[];
}

/** A requested move; `now` is added by the rules (the server's clock), so a client cannot choose it. */
export type SaleStatusRequest =
  | { type: 'sale.complete'; orderAt: string }
  | { type: 'sale.refund'; full: boolean; lines: RefundedLine[] }
  | { type: 'sale.void' }
  | { type: 'sale.trash' }
  | { type: 'sale.restore' }
  | { type: 'sale.clear' };

export type SaleStatusMoveResult =
  | { allowed: true; next: StoredSaleStatus & { refundedLines: readonly RefundedLine[] } }
  | { allowed: true; cleared: true }
  | { allowed: false; error: SaleStatusMoveError };

/** A snapshot of the chart at the stored status. */
export function resolveSaleStatus(
  current: StoredSaleStatus,
  timeZone: string,
): SnapshotFrom<typeof saleStatusMachine> {
  return saleStatusMachine.resolveState({
    value: SALE_STATUS_NAME[current.status],
    context: {
      orderAt: current.orderAt,
      hasRefund: current.hasRefund,
      refundedLines: [...(current.refundedLines ?? [])],
      statusBeforeTrash: current.statusBeforeTrash,
      timeZone,
    },
  });
}

function toEvent(request: SaleStatusRequest, now: Date): SaleStatusEvent {
  return request.type === 'sale.void' ? { type: 'sale.void', now } : request;
}

function moveOf(request: SaleStatusRequest): SaleStatusMove {
  switch (request.type) {
    case 'sale.complete':
      return 'complete';
    case 'sale.refund':
      return request.full ? 'refund' : 'partialRefund';
    case 'sale.void':
      return 'void';
    case 'sale.trash':
      return 'trash';
    case 'sale.restore':
      return 'restore';
    case 'sale.clear':
      return 'clear';
  }
}

export function isStatusMoveAllowed(
  current: StoredSaleStatus,
  request: SaleStatusRequest,
  now: Date,
  timeZone: string,
): boolean {
  return resolveSaleStatus(current, timeZone).can(toEvent(request, now));
}

/** The status columns after the move, `cleared` for a clear, or the reason it is refused. */
export function nextStatus(
  current: StoredSaleStatus,
  request: SaleStatusRequest,
  now: Date,
  timeZone: string,
): SaleStatusMoveResult {
  const snapshot = resolveSaleStatus(current, timeZone);
  const event = toEvent(request, now);
  if (!snapshot.can(event)) {
    const error =
      saleStatusMoveError(current, moveOf(request), now, timeZone) ??
      // The chart refused what the domain's explanation allows: a bug to fix in one of them, never a silent move.
      saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED);
    return { allowed: false, error };
  }
  const [next] = transition(saleStatusMachine, snapshot, event);
  if (next.status === 'done') return { allowed: true, cleared: true };
  const status: SaleStatus = SALE_STATUS_BY_NAME[next.value as SaleStatusName];
  return {
    allowed: true,
    next: {
      status,
      statusBeforeTrash: next.context.statusBeforeTrash,
      orderAt: next.context.orderAt,
      hasRefund: next.context.hasRefund,
      refundedLines: next.context.refundedLines,
    },
  };
}
