/**
 * The printing and "no sale" charts with their real side effects (docs/architecture.md: app/ is the one place
 * that gives machines their side effects; docs/printing.md): the transport the device's printer settings name
 * (read at each connect, so a change in the settings dialog applies to the next print), window.print on the
 * 80 mm page as the browser fallback, the PIN check (POST /api/role-by-code) and the audited record (POST
 * /api/pos/drawer/no-sale). Loaded with the first print (lib/printing/printing-logic.ts).
 */
import { fromPromise } from 'xstate';
import { noSaleMachine } from '../../../machines/no-sale/no-sale.machine';
import type {
  CheckPinInput,
  CheckPinOutput,
  RecordNoSaleInput,
} from '../../../machines/no-sale/no-sale.types';
import { APPROVER_ROLES, pinFailure, roleMayApprove } from '../../../machines/pin-check/pin-check.rules';
import { printingMachine } from '../../../machines/printing/printing.machine';
import type { ConnectInput, PrintConnection, WriteInput } from '../../../machines/printing/printing.types';
import { DRAWER_NO_SALE_PATH } from '../../contracts/drawer-no-sale';
import { ERROR_CODE } from '../../contracts/error-codes';
import { printReceipt } from '../components/receipt/print-page';
import { api } from '../lib/api/api';
import { checkPin } from '../lib/api/auth-api';
import { openCashDrawer, receiptPrintJob } from '../lib/printing/print-job';
import { readPrinterSettings } from '../lib/printing/printer-settings';
import type { PrintingActors } from '../lib/printing/printing-logic';
import { PrinterError, toPrinterError } from '../lib/printing/transport';
import { printerTransport } from '../lib/printing/transports';

/** A failure as the no-sale chart keeps it: the i18n key (common namespace) that words it, and the English. */
class NoSaleFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const appPrintingMachine = printingMachine.provide({
  actors: {
    connectPrinter: fromPromise<PrintConnection, ConnectInput>(async ({ input }) => {
      const settings = { ...readPrinterSettings(), transport: input.transport };
      const transport = printerTransport(settings);
      if (!transport) throw new PrinterError('notConfigured', 'No receipt printer is set up on this device');
      return transport.connect();
    }),
    writeJob: fromPromise<void, WriteInput>(async ({ input }) => {
      try {
        await input.connection.write(input.bytes);
      } finally {
        await input.connection.close();
      }
    }),
  },
  actions: { printInBrowser: () => printReceipt() },
});

export const appNoSaleMachine = noSaleMachine.provide({
  actors: {
    checkPin: fromPromise<CheckPinOutput, CheckPinInput>(async ({ input, signal }) => {
      let answer;
      try {
        answer = await checkPin(input.code, { signal });
      } catch (error) {
        const failure = pinFailure(error);
        throw new NoSaleFailure(failure.code, failure.message);
      }
      // The server refuses anyone else too (403); said here before the round trip, as the PIN pad does.
      if (!roleMayApprove(answer.role, APPROVER_ROLES))
        throw new NoSaleFailure(
          'pin.errors.notAllowed',
          'This needs the PIN of a manager, an admin or the owner.',
        );
      return { approval: answer.approval };
    }),
    recordNoSale: fromPromise<void, RecordNoSaleInput>(async ({ input, signal }) => {
      try {
        // The uuid is the intent: the same key on every retry of this open (docs/api.md#writes-and-idempotency).
        await api.post(
          DRAWER_NO_SALE_PATH.replace(/^\/api/, ''),
          { uuid: input.uuid, reason: input.reason },
          { pinApproval: input.approval, idempotencyKey: `no-sale-${input.uuid}`, signal },
        );
      } catch (error) {
        const failure = error as { status?: number; code?: string; message?: string };
        const code =
          failure.status === 0
            ? 'api.errors.network'
            : failure.code === ERROR_CODE.PIN_APPROVER_NOT_ALLOWED
              ? 'pin.errors.notAllowed'
              : 'noSale.errors.record';
        throw new NoSaleFailure(code, failure.message ?? 'The drawer open could not be recorded.');
      }
    }),
    openDrawer: fromPromise<void, void>(async () => {
      try {
        await openCashDrawer();
      } catch (error) {
        const printerError = toPrinterError(error);
        throw new NoSaleFailure(`printing.errors.${printerError.code}`, printerError.message);
      }
    }),
  },
});

export const appPrintingActors: PrintingActors = {
  printing: appPrintingMachine,
  noSale: appNoSaleMachine,
  receiptJob: receiptPrintJob,
};
