import type { z } from 'zod';
import type { saleInvoiceSchema } from '../../src/contracts/sales';
import type { ActionMode, Role } from '../../src/domain/constants';
import type { SaleStatusFacts } from '../../src/domain/sale-status';

/** Every mode but 'none' (which is the chart's idle state, not something to open). */
export type OpenableMode = Exclude<ActionMode, 'none'>;

/** The sale the modes act on: its id and the status facts that decide which modes it allows. */
export interface ManagedSale extends SaleStatusFacts {
  id: number;
}

/** Who approved with a PIN (docs/roles.md#pin-approvals: the PIN itself is never kept, only who it belonged to). */
export interface ManagerApproval {
  role: Role;
  name: string;
}

/** Values of the open mode's form (tip amounts, new date, employee, refund lines...), owned by that mode's screen. */
export type ActionForm = Readonly<Record<string, unknown>>;

/** An error shown in the modal: `code` is the i18n key, `message` the English text (or the server's message). */
export interface ActionError {
  code: string;
  message: string;
  /** A wrong PIN: tries left before PIN entry locks, when the server said (docs/errors.md). */
  remaining?: number | null;
}

export const SALE_MANAGEMENT_ERROR = {
  PIN_REJECTED: { code: 'sale_management.pin_rejected', message: 'The PIN was not accepted.' },
  NOT_APPROVER: { code: 'sale_management.not_approver', message: 'This PIN does not belong to a manager.' },
  ACTION_FAILED: {
    code: 'sale_management.action_failed',
    message: 'The action did not go through. Try again.',
  },
} as const satisfies Record<string, ActionError>;

export interface CheckManagerPinInput {
  pin: string;
}
/** Resolves with who the PIN belongs to; rejects when no one's (wrong PIN, throttled, offline). */
export type CheckManagerPinOutput = ManagerApproval;

export interface SubmitActionInput {
  mode: OpenableMode;
  /** Null for store-wide modes (clear all trashed, print report, payroll, save all changes). */
  saleId: number | null;
  form: ActionForm | null;
  approvedBy: ManagerApproval | null;
  /**
   * Idempotency key of this intent (docs/api.md#writes-and-idempotency): made when the mode was opened and
   * kept across retries, so a refund retried after a timeout is done once.
   */
  intentId: string;
}
/** GET /api/pos/sales/:id/invoice: the sale, the store's receipt header and the payments as printed. */
export type SaleInvoice = z.infer<typeof saleInvoiceSchema>;

/**
 * The request queue took the action instead of the server (docs/offline.md: offline, or the connection
 * dropped on the way): stored on this till under `requestId`, sent when the connection returns. Nothing
 * changed yet.
 */
export interface QueuedAction {
  requestId: string;
}

export interface SubmitActionOutput {
  /** Set when the action waits in the offline queue: then `sale` is absent (the sale is as it was). */
  queued?: QueuedAction;
  /** The sale's status facts after the action; null when it no longer exists (cleared); absent when unchanged. */
  sale?: ManagedSale | null;
  /** A confirmation to show (e.g. the server's message). */
  message?: string;
  /** What the invoice mode loaded, shown until the modal is closed (MODE_STEPS shows). */
  invoice?: SaleInvoice;
}

export interface SaleManagementContext {
  sale: ManagedSale | null;
  /** The store's IANA time zone (the business day of a void is the calendar day there). */
  timeZone: string;
  /** ACTION_MODE.NONE while no modal is open. */
  mode: ActionMode;
  intentId: string | null;
  form: ActionForm | null;
  approvedBy: ManagerApproval | null;
  error: ActionError | null;
  result: SubmitActionOutput | null;
}

export interface SaleManagementInput {
  timeZone: string;
  sale?: ManagedSale | null;
}

export type SaleManagementEvent =
  | { type: 'sale.loaded'; sale: ManagedSale | null }
  /**
   * `now` decides the void's business day; `intentId` is a fresh uuid from the caller (the chart stays pure).
   * `form`: values the mode starts with, when they were gathered elsewhere (save all changes: the list's pending
   * changes), so a mode without a form step still submits them.
   */
  | { type: 'mode.open'; mode: OpenableMode; now: Date; intentId: string; form?: ActionForm }
  | { type: 'mode.close' }
  | { type: 'form.change'; values: ActionForm }
  | { type: 'form.submit' }
  | { type: 'action.confirm' }
  | { type: 'pin.submit'; pin: string }
  | { type: 'action.retry' };
