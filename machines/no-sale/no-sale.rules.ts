/** Pure facts of the "no sale" chart. */
import type { NoSaleError } from './no-sale.types';

/**
 * A failure as the chart keeps it: the error's `code` (an API error code such as pin_approval_required, a
 * printer's noDevice, or the PIN check's wrong/locked) when it has one, else `failed`.
 */
export function noSaleError(error: unknown): NoSaleError {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    code: typeof code === 'string' && code ? code : 'failed',
    message: error instanceof Error ? error.message : String(error),
  };
}
