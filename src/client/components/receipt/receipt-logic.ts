/**
 * The receipt chart with its real load, as app/ provides it (app/receipt-actors.ts; components never import
 * app/, docs/architecture.md): the public receipt area gives it at once, the sale screen by a loader so the
 * receipt's load (and zod with it) stays out of the screen's first load.
 */
import type { receiptMachine } from '../../../../machines/receipt/receipt.machine';
import { provided } from '../../lib/actors/provided';

export const receiptLogic = provided<typeof receiptMachine>('receiptLogic');
