/** View facts of a receipt, derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { ReceiptData } from '../../src/contracts/receipts';
import type { receiptMachine } from './receipt.machine';
import type { ReceiptLoadError } from './receipt.types';

type ReceiptSnapshot = SnapshotFrom<typeof receiptMachine>;

export type ReceiptStatus = 'loading' | 'shown' | 'notFound' | 'failed';

export function selectReceiptStatus(snapshot: ReceiptSnapshot): ReceiptStatus {
  if (snapshot.matches('shown')) return 'shown';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function selectIsLoading(snapshot: ReceiptSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function selectReceipt(snapshot: ReceiptSnapshot): ReceiptData | null {
  return snapshot.context.receipt;
}

export function selectReceiptError(snapshot: ReceiptSnapshot): ReceiptLoadError | null {
  return snapshot.context.error;
}

export function selectCanRetry(snapshot: ReceiptSnapshot): boolean {
  return snapshot.can({ type: 'receipt.retry' });
}
