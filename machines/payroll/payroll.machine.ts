/**
 * The payroll screen (docs/payroll.md, "The screen"): preview a pay period, calculate it (which locks it), the
 * list of calculated runs, and one run's statements with one technician's statement printed. Three parallel
 * regions, because the list and an opened run stay usable while a preview loads or a calculation runs:
 *
 *   preview: loading ──done──▶ ready ──calculate (canCalculate)──▶ confirming ──calculate.confirm──▶ calculating
 *              │                  ▲                                     └─calculate.cancel──▶ ready
 *              │                  └──────── calculate.dismiss ── calculateFailed ◀──error── calculating
 *              ├─error─▶ failed ──retry──▶ loading                                   calculating ──done──▶ calculated
 *              └─no connection─▶ offline ──retry | connection.online──▶ loading
 *            period.set (any state but calculating): that period, loading. A calculation done reloads the list.
 *   runs:    loading ──done──▶ ready, ──error──▶ failed | offline ──retry | connection.online──▶ loading;
 *            runs.reload (any runs state): loading.
 *   run:     closed ──run.open──▶ opening ──done──▶ open ──statement.print──▶ (the app prints that statement)
 *                                    └─error─▶ failed;  run.open (any run state): opening;  run.close ──▶ closed
 *
 * The fetches, the calculation and the print are provided by the app (src/client/features/payroll/payroll-logic.ts):
 * the chart never touches fetch or the DOM. A new period while a preview loads restarts the load (the old
 * request is aborted), so an answer for the old period never replaces the new one.
 */
import { assertEvent, assign, raise, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { errorParams, outputParams } from '../support/transitions';
import { canCalculate, previewPeriod } from './payroll.rules';
import type {
  CalculateInput,
  PayrollContext,
  PayrollEvent,
  PayrollList,
  PayrollPreview,
  PayrollRun,
  PayrollRunReport,
  PrintStatementParams,
} from './payroll.types';
import type { PayPeriod } from '../../src/domain/payroll';

const MACHINE = 'payroll';

export const payrollMachine = setup({
  types: {
    context: {} as PayrollContext,
    events: {} as PayrollEvent,
    input: {} as { period?: PayPeriod | null } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    fetchPreview: requiredActor<PayrollPreview, { period: PayPeriod | null }>(MACHINE, 'fetchPreview'),
    calculatePayroll: requiredActor<PayrollRun, CalculateInput>(MACHINE, 'calculatePayroll'),
    fetchRuns: requiredActor<PayrollList, void>(MACHINE, 'fetchRuns'),
    fetchRun: requiredActor<PayrollRunReport, { id: number }>(MACHINE, 'fetchRun'),
  },
  actions: {
    printStatement: requiredAction<PrintStatementParams>(MACHINE, 'printStatement'),
    assignPreview: assign((_, preview: PayrollPreview) => ({ preview, failure: null })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    assignCalculateFailure: assign((_, { error }: { error: unknown }) => ({
      calculateFailure: toResourceError(error),
    })),
    forgetCalculateFailure: assign({ calculateFailure: null }),
    assignCalculated: assign(({ context }, run: PayrollRun) => ({
      preview: context.preview && {
        ...context.preview,
        locked_by: { payroll_id: run.id, period_start: run.period_start, period_end: run.period_end },
      },
    })),
    setPeriod: assign(({ event }) => {
      assertEvent(event, 'period.set');
      return { period: event.period };
    }),
    assignRuns: assign((_, runs: PayrollList) => ({ runs, runsFailure: null })),
    assignRunsFailure: assign((_, { error }: { error: unknown }) => ({
      runsFailure: toResourceError(error),
    })),
    setOpenRun: assign(({ event }) => {
      assertEvent(event, 'run.open');
      return { openRunId: event.id, report: null, reportFailure: null };
    }),
    assignReport: assign((_, report: PayrollRunReport) => ({ report, reportFailure: null })),
    assignReportFailure: assign((_, { error }: { error: unknown }) => ({
      reportFailure: toResourceError(error),
    })),
    closeRun: assign({ openRunId: null, report: null, reportFailure: null }),
    reloadRuns: raise({ type: 'runs.reload' }),
  },
  guards: {
    canCalculate: ({ context }) => canCalculate(context.preview),
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    period: input?.period ?? null,
    preview: null,
    failure: null,
    calculateFailure: null,
    runs: null,
    runsFailure: null,
    openRunId: null,
    report: null,
    reportFailure: null,
  }),
  type: 'parallel',
  states: {
    preview: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          on: { 'period.set': { target: 'loading', reenter: true, actions: 'setPeriod' } },
          invoke: {
            id: 'fetchPreview',
            src: 'fetchPreview',
            input: ({ context }) => ({ period: context.period }),
            onDone: { target: 'ready', actions: { type: 'assignPreview', params: outputParams } },
            onError: [
              {
                guard: { type: 'isOffline', params: errorParams },
                target: 'offline',
                actions: { type: 'assignFailure', params: errorParams },
              },
              { target: 'failed', actions: { type: 'assignFailure', params: errorParams } },
            ],
          },
        },
        ready: {
          on: {
            'period.set': { target: 'loading', actions: 'setPeriod' },
            calculate: { guard: 'canCalculate', target: 'confirming' },
          },
        },
        confirming: {
          on: {
            'calculate.confirm': 'calculating',
            'calculate.cancel': 'ready',
            'period.set': { target: 'loading', actions: 'setPeriod' },
          },
        },
        calculating: {
          tags: ['busy'],
          entry: 'forgetCalculateFailure',
          invoke: {
            id: 'calculatePayroll',
            src: 'calculatePayroll',
            input: ({ context }) => ({ period: previewPeriod(context.preview!) }),
            onDone: {
              target: 'calculated',
              actions: [{ type: 'assignCalculated', params: outputParams }, 'reloadRuns'],
            },
            onError: {
              target: 'calculateFailed',
              actions: { type: 'assignCalculateFailure', params: errorParams },
            },
          },
        },
        calculated: {
          on: { 'period.set': { target: 'loading', actions: 'setPeriod' } },
        },
        calculateFailed: {
          on: {
            'calculate.dismiss': { target: 'ready', actions: 'forgetCalculateFailure' },
            // A refusal may come of a run calculated elsewhere meanwhile: the preview is read again.
            retry: { target: 'loading', actions: 'forgetCalculateFailure' },
            'period.set': { target: 'loading', actions: ['forgetCalculateFailure', 'setPeriod'] },
          },
        },
        failed: {
          on: {
            retry: 'loading',
            'period.set': { target: 'loading', actions: 'setPeriod' },
          },
        },
        offline: {
          on: {
            retry: 'loading',
            'connection.online': 'loading',
            'period.set': { target: 'loading', actions: 'setPeriod' },
          },
        },
      },
    },
    // Events are handled by the child states, not the region: a region's reentering transition would re-enter
    // the parallel root, and with it every region (the preview would load again).
    runs: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'runs.reload': { target: 'loading', reenter: true } },
          invoke: {
            id: 'fetchRuns',
            src: 'fetchRuns',
            onDone: { target: 'ready', actions: { type: 'assignRuns', params: outputParams } },
            onError: [
              {
                guard: { type: 'isOffline', params: errorParams },
                target: 'offline',
                actions: { type: 'assignRunsFailure', params: errorParams },
              },
              { target: 'failed', actions: { type: 'assignRunsFailure', params: errorParams } },
            ],
          },
        },
        ready: { on: { 'runs.reload': 'loading' } },
        failed: { on: { retry: 'loading', 'runs.reload': 'loading' } },
        offline: { on: { retry: 'loading', 'connection.online': 'loading', 'runs.reload': 'loading' } },
      },
    },
    run: {
      initial: 'closed',
      states: {
        closed: { on: { 'run.open': { target: 'opening', actions: 'setOpenRun' } } },
        opening: {
          tags: ['busy'],
          on: {
            'run.open': { target: 'opening', reenter: true, actions: 'setOpenRun' },
            'run.close': { target: 'closed', actions: 'closeRun' },
          },
          invoke: {
            id: 'fetchRun',
            src: 'fetchRun',
            input: ({ context }) => ({ id: context.openRunId! }),
            onDone: { target: 'open', actions: { type: 'assignReport', params: outputParams } },
            onError: { target: 'failed', actions: { type: 'assignReportFailure', params: errorParams } },
          },
        },
        open: {
          on: {
            'run.open': { target: 'opening', actions: 'setOpenRun' },
            'run.close': { target: 'closed', actions: 'closeRun' },
            'statement.print': {
              actions: {
                type: 'printStatement',
                params: ({ event }) => {
                  assertEvent(event, 'statement.print');
                  return { userId: event.userId };
                },
              },
            },
          },
        },
        failed: {
          on: {
            'run.open': { target: 'opening', actions: 'setOpenRun' },
            'run.close': { target: 'closed', actions: 'closeRun' },
          },
        },
      },
    },
  },
});
