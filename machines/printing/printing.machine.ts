/**
 * Printing one job to the till's receipt printer (ADR 018): idle → connecting → printing → done, and from either
 * busy state to failed, which offers a retry (reconnect and resend) or, for a receipt, browser printing instead
 * (window.print on the 80 mm page, ADR 007). A printer set to `browser` goes straight to done through
 * browser printing; a drawer kick with no printer set fails as notConfigured.
 *
 * Why connect and write are two states: "looking for the printer" (a chooser, a claim) and "sending" fail for
 * different reasons and the screen says which. Why failed never falls back by itself: a cashier whose printer is
 * out of paper wants to fix it and retry, and an unwanted print dialog over the sale screen is worse than a choice.
 * The transports (lib/printing) and window.print are provided by app/ (app/printing-actors.ts).
 */
import { assign, setup } from 'xstate';
import { requiredAction, requiredActor } from '../support/required-actor';
import { canPrintInBrowser, toPrintError } from './printing.rules';
import type {
  ConnectInput,
  PrintConnection,
  PrintingContext,
  PrintingEvent,
  PrintJob,
  WriteInput,
} from './printing.types';

export const printingMachine = setup({
  types: {
    context: {} as PrintingContext,
    events: {} as PrintingEvent,
    tags: {} as 'busy',
  },
  actors: {
    connectPrinter: requiredActor<PrintConnection, ConnectInput>('printing', 'connectPrinter'),
    writeJob: requiredActor<void, WriteInput>('printing', 'writeJob'),
  },
  guards: {
    isBrowserReceipt: ({ event }) => {
      const { job } = event as { job: PrintJob };
      return job.transport === 'browser' && job.kind === 'receipt';
    },
    hasNoPrinter: ({ event }) => (event as { job: PrintJob }).job.transport === 'browser',
    canFallBack: ({ context }) => canPrintInBrowser(context.job),
  },
  actions: {
    printInBrowser: requiredAction('printing', 'printInBrowser'),
    assignJob: assign({
      job: ({ event }) => (event as { job: PrintJob }).job,
      error: null,
      printedBy: null,
      connection: null,
    }),
    assignConnection: assign({
      connection: ({ event }) => (event as unknown as { output: PrintConnection }).output,
    }),
    assignError: assign({
      connection: null,
      error: ({ event }) => toPrintError((event as { error?: unknown }).error),
    }),
    assignNotConfigured: assign({
      error: { code: 'notConfigured', message: 'No receipt printer is set up on this device' },
    }),
    markPrinted: assign({ connection: null, printedBy: 'printer' }),
    markBrowserPrinted: assign({ error: null, printedBy: 'browser' }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'printing',
  initial: 'idle',
  context: { job: null, connection: null, error: null, printedBy: null },
  on: {
    'print.start': [
      {
        guard: 'isBrowserReceipt',
        target: '.done',
        actions: ['assignJob', 'printInBrowser', 'markBrowserPrinted'],
      },
      { guard: 'hasNoPrinter', target: '.failed', actions: ['assignJob', 'assignNotConfigured'] },
      { target: '.connecting', actions: 'assignJob' },
    ],
  },
  states: {
    idle: {},
    connecting: {
      tags: 'busy',
      // A new print.start while busy is ignored: one job at a time on one printer.
      on: { 'print.start': {} },
      invoke: {
        id: 'connectPrinter',
        src: 'connectPrinter',
        input: ({ context }) => ({ transport: context.job!.transport }),
        onDone: { target: 'printing', actions: 'assignConnection' },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    printing: {
      tags: 'busy',
      on: { 'print.start': {} },
      invoke: {
        id: 'writeJob',
        src: 'writeJob',
        input: ({ context }) => ({ connection: context.connection!, bytes: context.job!.bytes }),
        onDone: { target: 'done', actions: 'markPrinted' },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    done: {},
    failed: {
      on: {
        'print.retry': { target: 'connecting', actions: 'clearError' },
        'print.fallback': {
          guard: 'canFallBack',
          target: 'done',
          actions: ['printInBrowser', 'markBrowserPrinted'],
        },
        'print.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
  },
});
