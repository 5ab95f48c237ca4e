/**
 * Which steps each sale-management mode goes through before it is submitted. Which modes a sale's status allows
 * and which need a manager's PIN are business rules shared with the server: src/domain/sale-status.ts. These two
 * flags are only the modal's shape.
 */
import { ACTION_MODE } from '../../src/domain/constants';
import type { OpenableMode } from './sale-management.types';

export interface ModeSteps {
  /** The mode has a form to fill in before going on (amounts, a date, an employee, lines to refund...). */
  form: boolean;
  /** The mode asks "are you sure?" before acting: money back, records removed, many sales changed at once. */
  confirm: boolean;
  /**
   * The mode reads something and shows it (the invoice): its result stays on screen until closed instead of
   * closing by itself, and no sale changed, so nothing needs reloading.
   */
  shows?: boolean;
}

export const MODE_STEPS: Readonly<Record<OpenableMode, ModeSteps>> = {
  [ACTION_MODE.PRINT_REPORT]: { form: false, confirm: false },
  [ACTION_MODE.PRINT_REPORT_DETAIL]: { form: false, confirm: false },
  [ACTION_MODE.INVOICE]: { form: false, confirm: false, shows: true },
  [ACTION_MODE.PAYROLL]: { form: true, confirm: false },
  [ACTION_MODE.CLEAR_TRASH_ONE]: { form: false, confirm: true },
  [ACTION_MODE.CLEAR_TRASH_ALL]: { form: false, confirm: true },
  [ACTION_MODE.EDIT]: { form: true, confirm: false },
  [ACTION_MODE.TIP]: { form: true, confirm: false },
  [ACTION_MODE.CHANGE_ORDER_DATE]: { form: true, confirm: false },
  [ACTION_MODE.CHANGE_EMPLOYEE]: { form: true, confirm: false },
  [ACTION_MODE.PAYMENT]: { form: true, confirm: false },
  [ACTION_MODE.REFUND]: { form: true, confirm: true },
  [ACTION_MODE.VOID]: { form: false, confirm: true },
  [ACTION_MODE.REMOVE]: { form: false, confirm: true },
  [ACTION_MODE.REPRINT]: { form: false, confirm: false },
  [ACTION_MODE.RESTORE]: { form: false, confirm: true },
  [ACTION_MODE.SALE]: { form: false, confirm: false },
  [ACTION_MODE.SAVE_CHANGE]: { form: false, confirm: false },
  [ACTION_MODE.SAVE_ALL_CHANGES]: { form: false, confirm: true },
};

export const OPENABLE_MODES = Object.keys(MODE_STEPS) as OpenableMode[];

export function modeSteps(mode: string): ModeSteps {
  return MODE_STEPS[mode as OpenableMode] ?? { form: false, confirm: false };
}

/** The mode only reads and shows (see ModeSteps.shows). */
export function isShowingMode(mode: string): boolean {
  return modeSteps(mode).shows === true;
}
