/**
 * The printing and "no sale" charts with their real transports, as app/ provides them (app/printing-actors.ts,
 * loaded with the first print so the encoder stays out of the screens' first load; docs/architecture.md:
 * components and features never import app/).
 */
import type { noSaleMachine } from '../../../../machines/no-sale/no-sale.machine';
import type { printingMachine } from '../../../../machines/printing/printing.machine';
import { provided } from '../actors/provided';

export interface PrintingActors {
  printing: typeof printingMachine;
  noSale: typeof noSaleMachine;
}

export const printingActors = provided<PrintingActors>('printingActors');
