import type { SaleStatus } from '../../src/domain/constants';
import type { RefundedLine } from '../../src/domain/sale-status';

export interface SaleStatusContext {
  /** UTC ISO time of the sale; set on completion. */
  orderAt: string | null;
  /** True once any line was refunded; a void is refused from then on. */
  hasRefund: boolean;
  /** Lines given back so far (partial refunds keep the status Sale). */
  refundedLines: RefundedLine[];
  /** While in trash: the status a restore returns to. */
  statusBeforeTrash: SaleStatus | null;
  /** The store's IANA time zone: the business day of a void is the calendar day there. */
  timeZone: string;
}

export interface SaleStatusInput {
  timeZone: string;
  orderAt?: string | null;
  hasRefund?: boolean;
  refundedLines?: RefundedLine[];
  statusBeforeTrash?: SaleStatus | null;
}

/** `now` is passed by the caller (client clock or server clock) so the machine stays pure. */
export type SaleStatusEvent =
  | { type: 'sale.complete'; orderAt: string }
  | { type: 'sale.refund'; full: boolean; lines: RefundedLine[] }
  | { type: 'sale.void'; now: Date }
  | { type: 'sale.trash' }
  | { type: 'sale.restore' }
  | { type: 'sale.clear' };
