/** Pure facts of the printing chart. */
import { PRINT_ERROR_CODES } from './printing.types';
import type { PrintError, PrintErrorCode, PrintJob } from './printing.types';

/** A transport's failure as the chart keeps it: its code when it carries a known one, else writeFailed. */
export function toPrintError(error: unknown): PrintError {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: PRINT_ERROR_CODES.includes(code as PrintErrorCode) ? (code as PrintErrorCode) : 'writeFailed',
    message,
  };
}

/** Browser printing stands in only for a receipt: a drawer kick has no paper form. */
export function canPrintInBrowser(job: PrintJob | null): boolean {
  return job?.kind === 'receipt';
}
