/**
 * The payroll screen's chart (payroll.machine.ts): its context, events and the shapes its actors exchange. The
 * wire shapes are the contracts' (src/contracts/payroll.ts, payroll-runs.ts).
 */
import type { PayrollPreview } from '../../src/contracts/payroll';
import type { PayrollList, PayrollRun, PayrollRunReport } from '../../src/contracts/payroll-runs';
import type { PayPeriod } from '../../src/domain/payroll';
import type { ResourceError } from '../resource/resource.types';

export interface PayrollContext {
  /** The pay period chosen; null = the store's current one (the server's default). */
  period: PayPeriod | null;
  preview: PayrollPreview | null;
  failure: ResourceError | null;
  /** Why the last calculation was refused (a period locked meanwhile, not ended, a bad setting). */
  calculateFailure: ResourceError | null;
  runs: PayrollList | null;
  runsFailure: ResourceError | null;
  /** The run opened (its statements), or the one being opened. */
  openRunId: number | null;
  report: PayrollRunReport | null;
  reportFailure: ResourceError | null;
}

export type PayrollEvent =
  | { type: 'period.set'; period: PayPeriod }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'calculate' }
  | { type: 'calculate.confirm' }
  | { type: 'calculate.cancel' }
  | { type: 'calculate.dismiss' }
  | { type: 'runs.reload' }
  | { type: 'run.open'; id: number }
  | { type: 'run.close' }
  | { type: 'statement.print'; userId: number };

export interface CalculateInput {
  period: PayPeriod;
}

export interface PrintStatementParams {
  userId: number;
}

export type { PayrollList, PayrollPreview, PayrollRun, PayrollRunReport };
