/** View facts of a sale-status snapshot, derived (never stored): the status, and which moves the chart allows. */
import type { SnapshotFrom } from 'xstate';
import type { SaleStatus } from '../../src/domain/constants';
import { SALE_STATUS_BY_NAME } from '../../src/domain/sale-status';
import type { RefundedLine, SaleStatusName } from '../../src/domain/sale-status';
import type { saleStatusMachine } from './sale-status.machine';

type SaleStatusSnapshot = SnapshotFrom<typeof saleStatusMachine>;

/** The stored status of the snapshot; null once the sale is cleared (deleted for good). */
export function selectSaleStatus(snapshot: SaleStatusSnapshot): SaleStatus | null {
  return snapshot.status === 'done' ? null : SALE_STATUS_BY_NAME[snapshot.value as SaleStatusName];
}

export function selectIsCleared(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.status === 'done';
}

export function selectStatusBeforeTrash(snapshot: SaleStatusSnapshot): SaleStatus | null {
  return snapshot.context.statusBeforeTrash;
}

export function selectRefundedLines(snapshot: SaleStatusSnapshot): readonly RefundedLine[] {
  return snapshot.context.refundedLines;
}

export function selectCanComplete(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.can({ type: 'sale.complete', orderAt: '' });
}

export function selectCanRefund(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.can({ type: 'sale.refund', full: true, lines: [] });
}

export function selectCanVoid(snapshot: SaleStatusSnapshot, now: Date): boolean {
  return snapshot.can({ type: 'sale.void', now });
}

export function selectCanTrash(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.can({ type: 'sale.trash' });
}

export function selectCanRestore(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.can({ type: 'sale.restore' });
}

export function selectCanClear(snapshot: SaleStatusSnapshot): boolean {
  return snapshot.can({ type: 'sale.clear' });
}
