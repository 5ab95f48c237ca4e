/**
 * The values each action mode's form puts in the action-mode chart (`form.change`), and how the submit adapter
 * reads them back (src/client/app/sale-management-actors.ts). The chart keeps a form as an opaque record
 * (machines/sale-management ActionForm); the shapes live here, beside the forms that fill them, and a reader
 * returns null for anything incomplete so a half-filled form is never sent.
 */
import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import type { RefundChoice } from './refund-preview';

export interface RefundForm {
  lines: RefundChoice[];
}
export interface TipForm {
  tips: Array<{ user_id: number; tip_amount: number }>;
}
export interface OrderDateForm {
  /** UTC ISO (docs/api.md#defaults-and-formats: dates are sent as UTC ISO). */
  order_at: string;
}
export interface EmployeeForm {
  from_employee_id: number;
  to_employee_id: number;
}
export interface StatusForm {
  status: SaleStatus;
}

type Form = Readonly<Record<string, unknown>> | null | undefined;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isMinor = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function readRefundForm(form: Form): RefundForm | null {
  const lines = form?.lines;
  if (!Array.isArray(lines) || lines.length === 0) return null;
  const valid = lines.every(
    (l: unknown) =>
      typeof l === 'object' &&
      l !== null &&
      isId((l as RefundChoice).sale_line_id) &&
      isId((l as RefundChoice).quantity),
  );
  return valid ? { lines: (lines as RefundChoice[]).map((l) => ({ ...l })) } : null;
}

export function readTipForm(form: Form): TipForm | null {
  const tips = form?.tips;
  if (!Array.isArray(tips) || tips.length === 0) return null;
  const valid = tips.every(
    (t: unknown) =>
      typeof t === 'object' &&
      t !== null &&
      isId((t as { user_id: unknown }).user_id) &&
      isMinor((t as { tip_amount: unknown }).tip_amount),
  );
  return valid ? { tips: (tips as TipForm['tips']).map((t) => ({ ...t })) } : null;
}

export function readOrderDateForm(form: Form): OrderDateForm | null {
  const value = form?.order_at;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? { order_at: value } : null;
}

export function readEmployeeForm(form: Form): EmployeeForm | null {
  const from = form?.from_employee_id;
  const to = form?.to_employee_id;
  return isId(from) && isId(to) && from !== to ? { from_employee_id: from, to_employee_id: to } : null;
}

const STATUSES: readonly number[] = Object.values(SALE_STATUS);

export function readStatusForm(form: Form): StatusForm | null {
  const status = form?.status;
  return typeof status === 'number' && STATUSES.includes(status) ? { status: status as SaleStatus } : null;
}

/**
 * The statuses "Change status" offers: the moves of the sale-status chart that need no manager PIN. The moves that
 * do (refund, void, trash) have their own modes with the PIN step, and a restore has its own mode too; what is
 * left is completing a paid draft (Draft → Sale; the server refuses it while a balance is due).
 */
export function statusTargets(status: SaleStatus): SaleStatus[] {
  return status === SALE_STATUS.DRAFT ? [SALE_STATUS.SALE] : [];
}

// ---- store-local wall time <-> UTC: the domain's (src/domain/store-time.ts) ------------------------

export { isoToStoreTime, storeTimeToIso } from '../../../domain/store-time';
