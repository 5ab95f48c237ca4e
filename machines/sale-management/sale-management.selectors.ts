/** View facts of a sale-management snapshot, derived from `matches`, `hasTag` and `can` (never stored). */
import type { SnapshotFrom } from 'xstate';
import type { ActionMode } from '../../src/domain/constants';
import { OPENABLE_MODES } from './sale-management.modes';
import type {
  ActionError,
  ActionForm,
  ManagedSale,
  ManagerApproval,
  OpenableMode,
  QueuedAction,
  SaleInvoice,
  SubmitActionOutput,
} from './sale-management.types';
import type { saleManagementMachine } from './sale-management.machine';

type SaleManagementSnapshot = SnapshotFrom<typeof saleManagementMachine>;

/** The modal's step, for the screen to render; null when no modal is open. */
export type ModalStep =
  'editing' | 'confirming' | 'authorising' | 'checkingPin' | 'submitting' | 'done' | 'queued' | 'failed';

export function selectMode(snapshot: SaleManagementSnapshot): ActionMode {
  return snapshot.context.mode;
}

export function selectIsModalOpen(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.hasTag('modal');
}

export function selectIsBusy(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function selectModalStep(snapshot: SaleManagementSnapshot): ModalStep | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'open' in value ? (value.open as ModalStep) : null;
}

export function selectNeedsPin(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.matches({ open: 'authorising' });
}

/** Whether the mode can be opened now: the chart's own answer, so the screen offers only legal moves. */
export function selectCanOpenMode(snapshot: SaleManagementSnapshot, mode: OpenableMode, now: Date): boolean {
  return snapshot.can({ type: 'mode.open', mode, now, intentId: '' });
}

/** The modes to offer for the current sale (none while a modal is open). */
export function selectOfferedModes(snapshot: SaleManagementSnapshot, now: Date): OpenableMode[] {
  return OPENABLE_MODES.filter((mode) => selectCanOpenMode(snapshot, mode, now));
}

export function selectCanClose(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.can({ type: 'mode.close' });
}

export function selectCanSubmitForm(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.can({ type: 'form.submit' });
}

export function selectCanRetry(snapshot: SaleManagementSnapshot): boolean {
  return snapshot.can({ type: 'action.retry' });
}

export function selectForm(snapshot: SaleManagementSnapshot): ActionForm | null {
  return snapshot.context.form;
}

export function selectError(snapshot: SaleManagementSnapshot): ActionError | null {
  return snapshot.context.error;
}

export function selectApprovedBy(snapshot: SaleManagementSnapshot): ManagerApproval | null {
  return snapshot.context.approvedBy;
}

export function selectResult(snapshot: SaleManagementSnapshot): SubmitActionOutput | null {
  return snapshot.context.result;
}

export function selectSale(snapshot: SaleManagementSnapshot): ManagedSale | null {
  return snapshot.context.sale;
}

/** The action the offline queue took, while its modal says so (null otherwise). */
export function selectQueued(snapshot: SaleManagementSnapshot): QueuedAction | null {
  return snapshot.context.result?.queued ?? null;
}

/** The invoice the invoice mode loaded, while its modal shows it. */
export function selectInvoice(snapshot: SaleManagementSnapshot): SaleInvoice | null {
  return snapshot.context.result?.invoice ?? null;
}
