/**
 * The sale machine: the guided sale and payment flow of the sale screen (docs/architecture.md#statecharts
 * "sale", docs/sales.md#editing-the-order).
 *
 *   starting ─▶ loading ─▶ loadFailed (load.retry ─▶ loading; load.cancel ─▶ building)
 *      │           │
 *      └───────────┴─▶ building (empty ⇄ started) ◀──▶ awaitingPin (entering ⇄ checking)
 *                        │  ▲ tender.back
 *                        ▼  │
 *                      tendering (due ─▶ paid; failed) ─▶ completing ─▶ receipt ─▶ building (a new sale)
 *                        ▲                                   │
 *                        └─ failed: error kept, same key ────┘
 *
 * Why it is shaped so:
 * - Modes are siblings, not nested: tendering is NOT a child of building, so none of building's edit events
 *   (lines, employees, discounts) exist while payments are taken. Split payments are taken against a fixed
 *   total; to change the ticket the cashier goes back (tender.back) and the balance is recomputed.
 * - awaitingPin is its own mode for the same reason: while a manager discount waits for a PIN nothing else
 *   changes the ticket, and the discount is held aside (pendingManagerDiscount) until an approver's PIN
 *   applies it. The PIN itself never enters the context: it goes from the event straight to checkManagerPin.
 * - building.empty/started and tendering.due/paid are eventless splits on domain predicates (isEmptyOrder,
 *   isPaidInFull), so the 'dirty' tag and the "complete" button follow the order, not a flag to keep in sync.
 * - The idempotency key lives in context, generated when completion is first asked for and kept through
 *   failures and retries (docs/api.md#writes-and-idempotency): a retried or replayed createSale must be
 *   recognisably the SAME request, so a sale whose answer was lost is never created twice. Only a new sale
 *   (receipt.done, clear, park, resume, merge) drops it. The order's uuid is the server's second guard.
 * - Offline is not a state here: the request queue answers createSale with { offline: true, requestId } and
 *   the receipt is marked pending sync (docs/offline.md). Connectivity is a fact the app reports
 *   (connectivity.change, from navigator.onLine and its online/offline events, the same source as the sync
 *   scheduler's network state) with the store's offline card limits and what the queue holds unsynced
 *   (offlineCard.status). Both are accepted in every state, so the facts are current whenever a card is
 *   tapped. Offline, a card payment is taken as an offline one (payment_info.offline and taken_at, which the
 *   server keeps as a pending payment) only within the per-ticket and total limits (domain offline-card.ts).
 * - Every amount comes from src/domain (computeOrderTotals, validatePayment); the machine only compares.
 *   Impossible edits are refused by guards (hasLine, canAddItem, ...); an OrderEditError that still escapes
 *   a domain call (a bad value) is kept as context.error instead of crashing the actor with the ticket in it.
 * - Waiting tickets are saved by the app: `persistWaitingTickets` (a no-op here) is called with the new list
 *   after every change; a resumed ticket stays parked until its sale is created, so a crash loses nothing.
 */
import { and, assertEvent, not } from 'xstate';
import { addBooking, addTurnWithServices, createOrder, OrderEditError } from '../../src/domain/order-editing';
import type { Booking, Order } from '../../src/domain/order.types';
import type { CreatedSale } from '../../src/domain/order-editing';
import type { OfflineQueued } from './sale.types';
import { NO_OFFLINE_CARDS, toSaleError } from './sale.rules';
import { defaultCreateId, defaultNow, saleSetup } from './sale.setup';

export const saleMachine = saleSetup.createMachine({
  id: 'sale',
  context: ({ input }) => {
    const createId = input.createId ?? defaultCreateId;
    const order = createOrder(createId(), input.settings);
    const withTurn = input.turn ? addTurnWithServices(order, input.turn.turn, input.turn.services) : order;
    return {
      // A sale started from the walk-in queue opens with the turn, as turn.add attaches it; one started from the
      // appointment book with the booking, as booking.add attaches it.
      order: input.booking ? openWithBooking(withTurn, input.booking) : withTurn,
      settings: input.settings,
      saleId: input.saleId ?? null,
      waitingTickets: input.waitingTickets ?? [],
      activeTicketId: null,
      error: null,
      idempotencyKey: null,
      pendingManagerDiscount: null,
      createdSale: null,
      offlinePending: false,
      offlineRequestId: null,
      online: input.online ?? true,
      offlineCardLimits: input.offlineCardLimits ?? NO_OFFLINE_CARDS,
      unsyncedOfflineCard: 0,
      createId,
      now: input.now ?? defaultNow,
    };
  },
  initial: 'starting',
  on: {
    'connectivity.change': { actions: 'setConnectivity' },
    'offlineCard.status': { guard: 'isValidOfflineCardStatus', actions: 'setOfflineCardStatus' },
  },
  states: {
    /** /pos/sales/:id loads the sale first; /pos/sales starts a new one. */
    starting: {
      always: [{ guard: 'hasSaleId', target: 'loading' }, { target: 'building' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSale',
        src: 'loadSale',
        input: ({ context }) => ({ saleId: context.saleId as number }),
        onDone: {
          target: 'building',
          actions: { type: 'fillLoadedSale', params: ({ event }) => ({ sale: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: toSaleError('loadSale', event.error, 'loadSaleFailed') }),
          },
        },
      },
    },
    loadFailed: {
      on: {
        'load.retry': { target: 'loading', actions: 'clearError' },
        'load.cancel': { target: 'building', actions: 'startNewSale' },
      },
    },
    building: {
      tags: ['editable'],
      initial: 'empty',
      states: {
        empty: { always: { guard: not('isEmptyOrder'), target: 'started' } },
        started: { tags: ['dirty'], always: { guard: 'isEmptyOrder', target: 'empty' } },
      },
      on: {
        'employee.add': { actions: 'addEmployee' },
        'employee.change': { actions: 'changeEmployee' },
        'employee.select': { guard: 'hasEmployeeGroup', actions: 'selectEmployee' },
        'employee.remove': { guard: 'hasEmployeeGroup', actions: 'removeEmployee' },
        'line.add': { guard: 'canAddItem', actions: 'addLine' },
        'line.select': { guard: 'hasLine', actions: 'selectLine' },
        'line.quantity': { guard: 'hasLine', actions: 'changeQuantity' },
        'line.price': { guard: 'hasLine', actions: 'overridePrice' },
        'line.discount': { guard: 'hasLine', actions: 'setLineDiscount' },
        'line.move': { guard: 'canMoveLine', actions: 'moveLine' },
        'discount.set': [
          { guard: 'needsManagerPin', target: 'awaitingPin', actions: 'holdManagerDiscount' },
          { actions: 'setOrderDiscount' },
        ],
        'discount.remove': { actions: 'removeOrderDiscount' },
        'tip.set': { guard: 'hasTipTarget', actions: 'setTip' },
        'customer.set': { actions: 'setCustomer' },
        'booking.add': { actions: 'addBooking' },
        'turn.add': { actions: 'addTurn' },
        'order.clear': { actions: 'clearOrder' },
        'order.clearAll': { actions: 'clearAllOrder' },
        'ticket.park': {
          guard: not('isEmptyOrder'),
          actions: [
            'parkTicket',
            { type: 'persistWaitingTickets', params: ({ context }) => ({ tickets: context.waitingTickets }) },
          ],
        },
        // WHY not('hasItems'): switching tickets must not drop a ticket being rung up; park or clear it first.
        'ticket.resume': { guard: and([not('hasItems'), 'hasWaitingTicket']), actions: 'resumeTicket' },
        'ticket.merge': {
          guard: and([not('hasItems'), 'canMergeTickets']),
          actions: [
            'mergeTickets',
            { type: 'persistWaitingTickets', params: ({ context }) => ({ tickets: context.waitingTickets }) },
          ],
        },
        'ticket.delete': {
          guard: 'hasWaitingTicket',
          actions: [
            'deleteTicket',
            { type: 'persistWaitingTickets', params: ({ context }) => ({ tickets: context.waitingTickets }) },
          ],
        },
        'tender.start': { guard: 'hasItems', target: 'tendering' },
      },
    },
    awaitingPin: {
      tags: ['dirty'],
      initial: 'entering',
      states: {
        entering: {
          on: { 'pin.submit': { target: 'checking', actions: 'clearError' } },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkManagerPin',
            src: 'checkManagerPin',
            input: ({ event }) => {
              assertEvent(event, 'pin.submit');
              return { pin: event.pin };
            },
            onDone: [
              {
                guard: { type: 'isApprover', params: ({ event }) => ({ role: event.output.role }) },
                target: '#sale.building',
                actions: {
                  type: 'applyManagerDiscount',
                  params: ({ event }) => ({ approvedBy: event.output.userId }),
                },
              },
              { target: 'entering', actions: 'refuseManagerPin' },
            ],
            onError: {
              target: 'entering',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ error: toSaleError('pin', event.error, 'pinCheckFailed') }),
              },
            },
          },
        },
      },
      on: {
        'pin.cancel': { target: 'building', actions: 'dropManagerDiscount' },
      },
    },
    tendering: {
      tags: ['dirty'],
      initial: 'due',
      states: {
        due: { always: { guard: 'isPaidInFull', target: 'paid' } },
        // No way back to `due` is needed here: every event that changes the order in tendering re-enters `due`.
        paid: {
          on: {
            'sale.complete': { target: '#sale.completing', actions: ['ensureIdempotencyKey', 'clearError'] },
          },
        },
        /** createSale failed: the error is in context; retrying sends the same key (docs/api.md#writes-and-idempotency). */
        failed: {
          on: {
            'sale.retry': { target: '#sale.completing', actions: ['ensureIdempotencyKey', 'clearError'] },
          },
        },
      },
      on: {
        // A changed payment or tip re-enters `due` (leaving `failed`: the order is no longer the one that failed).
        'payment.set': [
          { guard: and(['isValidPayment', not('isOfflineCard')]), target: '.due', actions: 'setPayment' },
          {
            guard: and(['isValidPayment', 'fitsOfflineCardLimits']),
            target: '.due',
            actions: 'setOfflineCardPayment',
          },
          { actions: 'rejectPayment' },
        ],
        'payment.remove': { target: '.due', actions: 'removePayment' },
        'tip.set': { guard: 'hasTipTarget', target: '.due', actions: 'setTip' },
        'tender.back': { target: 'building', actions: 'clearError' },
      },
    },
    completing: {
      tags: ['busy', 'dirty'],
      invoke: {
        id: 'createSale',
        src: 'createSale',
        input: ({ context }) => ({ order: context.order, idempotencyKey: context.idempotencyKey as string }),
        onDone: [
          {
            guard: { type: 'isOfflineQueued', params: ({ event }) => ({ output: event.output }) },
            target: 'receipt',
            actions: [
              { type: 'markPendingSync', params: ({ event }) => ({ queued: event.output as OfflineQueued }) },
              'closeActiveTicket',
              {
                type: 'persistWaitingTickets',
                params: ({ context }) => ({ tickets: context.waitingTickets }),
              },
            ],
          },
          {
            target: 'receipt',
            actions: [
              { type: 'storeCreatedSale', params: ({ event }) => ({ created: event.output as CreatedSale }) },
              'closeActiveTicket',
              {
                type: 'persistWaitingTickets',
                params: ({ context }) => ({ tickets: context.waitingTickets }),
              },
            ],
          },
        ],
        onError: {
          target: 'tendering.failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: toSaleError('createSale', event.error, 'createSaleFailed') }),
          },
        },
      },
    },
    receipt: {
      on: { 'receipt.done': { target: 'building', actions: 'startNewSale' } },
    },
  },
});

/**
 * The booking a sale opens with. A line nobody can take (no technician booked, none on the new ticket) leaves the
 * ticket as it was rather than failing to open the sale: the book starts a sale only when every line has its
 * technician (docs/appointments.md#status), so this is a booking changed under the book's feet.
 */
function openWithBooking(order: Order, booking: Booking): Order {
  try {
    return addBooking(order, booking);
  } catch (error) {
    if (error instanceof OrderEditError) return order;
    throw error;
  }
}
