/** View facts of the printing chart, derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { printingMachine } from './printing.machine';
import type { PrintError } from './printing.types';

type PrintingSnapshot = SnapshotFrom<typeof printingMachine>;

export type PrintingStatus = 'idle' | 'connecting' | 'printing' | 'done' | 'failed';

export function selectPrintingStatus(snapshot: PrintingSnapshot): PrintingStatus {
  for (const status of ['connecting', 'printing', 'done', 'failed'] as const)
    if (snapshot.matches(status)) return status;
  return 'idle';
}

export const selectIsPrinting = (snapshot: PrintingSnapshot): boolean => snapshot.hasTag('busy');
export const selectPrintError = (snapshot: PrintingSnapshot): PrintError | null => snapshot.context.error;
export const selectPrintedBy = (snapshot: PrintingSnapshot) => snapshot.context.printedBy;
export const selectCanRetryPrint = (snapshot: PrintingSnapshot): boolean =>
  snapshot.can({ type: 'print.retry' });
export const selectCanPrintInBrowser = (snapshot: PrintingSnapshot): boolean =>
  snapshot.can({ type: 'print.fallback' });
