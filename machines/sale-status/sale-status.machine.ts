/**
 * Sale status lifecycle (docs/sales.md#sale-status), shared by the client and the server, which asks this
 * chart whether a status move is legal (sale-status.rules.ts). One state per stored status (draft, sale,
 * refund, void, trash) plus `cleared`, the final state of a sale deleted for good; the state names are the
 * statuses, so a stored sale is resolved into the chart without translation.
 *
 * Flat on purpose: every status can be a stored starting point, and product owners read each arrow as "from this
 * status, this action". Trash is entered by four arrows (one per status, each remembering where it came from) and
 * left by four guarded restore arrows back to the remembered status, rather than a history state, because the
 * server resolves a stored trashed sale from its columns and a history value cannot be stored. A partial refund is
 * an arrow with no target: the status stays Sale and the refunded lines are recorded, which is what then refuses
 * a void. The void guard's business-day arithmetic is in src/domain/sale-status.ts; the caller passes `now`.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { SALE_STATUS } from '../../src/domain/constants';
import type { SaleStatus } from '../../src/domain/constants';
import { addRefundedLines, isBusinessDayOfSale, restoreTarget } from '../../src/domain/sale-status';
import type { SaleStatusContext, SaleStatusEvent, SaleStatusInput } from './sale-status.types';

function restoresTo(context: SaleStatusContext, status: SaleStatus): boolean {
  return (
    restoreTarget({ status: SALE_STATUS.TRASH, statusBeforeTrash: context.statusBeforeTrash }) === status
  );
}

export const saleStatusMachine = setup({
  types: {
    context: {} as SaleStatusContext,
    events: {} as SaleStatusEvent,
    input: {} as SaleStatusInput,
  },
  guards: {
    isFullRefund: ({ event }) => {
      assertEvent(event, 'sale.refund');
      return event.full;
    },
    hasNoRefund: ({ context }) => !context.hasRefund,
    isBusinessDayOfSale: ({ context, event }) => {
      assertEvent(event, 'sale.void');
      return isBusinessDayOfSale(context.orderAt, event.now, context.timeZone);
    },
    wasDraftBeforeTrash: ({ context }) => restoresTo(context, SALE_STATUS.DRAFT),
    wasSaleBeforeTrash: ({ context }) => restoresTo(context, SALE_STATUS.SALE),
    wasRefundBeforeTrash: ({ context }) => restoresTo(context, SALE_STATUS.REFUND),
    wasVoidBeforeTrash: ({ context }) => restoresTo(context, SALE_STATUS.VOID),
  },
  actions: {
    recordOrderTime: assign({
      orderAt: ({ event }) => {
        assertEvent(event, 'sale.complete');
        return event.orderAt;
      },
    }),
    recordRefund: assign({
      hasRefund: true,
      refundedLines: ({ context, event }) => {
        assertEvent(event, 'sale.refund');
        return addRefundedLines(context.refundedLines, event.lines);
      },
    }),
    rememberStatusBeforeTrash: assign({
      statusBeforeTrash: (_, params: { status: SaleStatus }) => params.status,
    }),
    forgetStatusBeforeTrash: assign({ statusBeforeTrash: null }),
  },
}).createMachine({
  id: 'saleStatus',
  initial: 'draft',
  context: ({ input }) => ({
    orderAt: input.orderAt ?? null,
    hasRefund: input.hasRefund ?? false,
    refundedLines: input.refundedLines ?? [],
    statusBeforeTrash: input.statusBeforeTrash ?? null,
    timeZone: input.timeZone,
  }),
  states: {
    draft: {
      on: {
        'sale.complete': { target: 'sale', actions: 'recordOrderTime' },
        'sale.trash': {
          target: 'trash',
          actions: { type: 'rememberStatusBeforeTrash', params: { status: SALE_STATUS.DRAFT } },
        },
      },
    },
    sale: {
      on: {
        'sale.refund': [
          { guard: 'isFullRefund', target: 'refund', actions: 'recordRefund' },
          // Partial refund: stays a sale, with the lines recorded.
          { actions: 'recordRefund' },
        ],
        'sale.void': { guard: and(['hasNoRefund', 'isBusinessDayOfSale']), target: 'void' },
        'sale.trash': {
          target: 'trash',
          actions: { type: 'rememberStatusBeforeTrash', params: { status: SALE_STATUS.SALE } },
        },
      },
    },
    refund: {
      on: {
        'sale.trash': {
          target: 'trash',
          actions: { type: 'rememberStatusBeforeTrash', params: { status: SALE_STATUS.REFUND } },
        },
      },
    },
    void: {
      on: {
        'sale.trash': {
          target: 'trash',
          actions: { type: 'rememberStatusBeforeTrash', params: { status: SALE_STATUS.VOID } },
        },
      },
    },
    trash: {
      on: {
        'sale.restore': [
          { guard: 'wasDraftBeforeTrash', target: 'draft', actions: 'forgetStatusBeforeTrash' },
          { guard: 'wasSaleBeforeTrash', target: 'sale', actions: 'forgetStatusBeforeTrash' },
          { guard: 'wasRefundBeforeTrash', target: 'refund', actions: 'forgetStatusBeforeTrash' },
          { guard: 'wasVoidBeforeTrash', target: 'void', actions: 'forgetStatusBeforeTrash' },
        ],
        'sale.clear': 'cleared',
      },
    },
    cleared: { type: 'final' },
  },
});
