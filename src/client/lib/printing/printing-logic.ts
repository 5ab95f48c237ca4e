/**
 * The printing and "no sale" charts with their real transports, as app/ provides them (app/printing-actors.ts,
 * loaded with the first print, with the receipt's encoder, so neither is in the screens' first load; docs/architecture.md:
 * components and features never import app/).
 */
import type { noSaleMachine } from '../../../../machines/no-sale/no-sale.machine';
import type { printingMachine } from '../../../../machines/printing/printing.machine';
import { provided } from '../actors/provided';
import type { receiptPrintJob } from './print-job';

export interface PrintingActors {
  printing: typeof printingMachine;
  noSale: typeof noSaleMachine;
  /**
   * print-job.ts's receiptPrintJob, handed over with the charts so the encoder (about 140 kB unminified) loads with
   * the first print, not with the receipt's chunk.
   */
  receiptJob: typeof receiptPrintJob;
}

export const printingActors = provided<PrintingActors>('printingActors');
