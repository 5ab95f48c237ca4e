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
import { and, assertEvent, assign, not, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { canApproveWithPin } from '../../src/domain/permissions';
import type { Role } from '../../src/domain/constants';
import {
  addBooking,
  addEmployee,
  addItem,
  addTurn,
  canAddItem,
  changeEmployee,
  changeQuantity,
  clearAllOrder,
  clearOrder,
  createOrder,
  hasItems,
  hasLine,
  isEmptyOrder,
  loadSale,
  OrderEditError,
  overridePrice,
  removeEmployee,
  removeOrderDiscount,
  removePayment,
  selectEmployee,
  selectItem,
  setCreatedSale,
  setCustomer,
  setLineDiscount,
  setOrderDiscount,
  setPayment,
  setTip,
} from '../../src/domain/order-editing';
import type { CreatedSale, SaleRecord } from '../../src/domain/order-editing';
import { offlineCardOnTicket } from '../../src/domain/offline-card';
import { validatePayment } from '../../src/domain/payments';
import {
  deleteWaitingTicket,
  mergeWaitingTickets,
  saveWaitingTicket,
  ticketFromOrder,
} from '../../src/domain/waiting-tickets';
import type { Order } from '../../src/domain/order.types';
import type {
  CheckManagerPinInput,
  CheckManagerPinOutput,
  CreateSaleInput,
  CreateSaleOutput,
  LoadSaleInput,
  OfflineCardRefusal,
  OfflineQueued,
  PersistWaitingTicketsParams,
  SaleContext,
  SaleError,
  SaleEvent,
  SaleEventType,
  SaleInput,
  SaleTag,
} from './sale.types';
import {
  asOfflineCard,
  checkOfflineCardPayment,
  isMinor,
  isOfflineCardIntent,
  isOfflineQueued,
  isPaidInFull,
  moveLine,
  NO_OFFLINE_CARDS,
  toSaleError,
  totalsOf,
} from './sale.rules';

type EventOf<T extends SaleEventType> = Extract<SaleEvent, { type: T }>;
type ActionArgs = { context: SaleContext; event: SaleEvent };

/**
 * An assigner applying one domain edit to the order. An OrderEditError (a value the domain refuses, such
 * as a negative price) becomes context.error; anything else is a bug and is rethrown.
 */
function edit<T extends SaleEventType>(
  type: T,
  apply: (order: Order, event: EventOf<T>, context: SaleContext) => Order,
) {
  return ({ context, event }: ActionArgs): Partial<SaleContext> => {
    if (event.type !== type) throw new Error(`Expected event ${type}, got ${event.type}`);
    try {
      return { order: apply(context.order, event as EventOf<T>, context), error: null };
    } catch (error) {
      if (error instanceof OrderEditError) {
        return { error: { source: 'edit', code: error.code, message: error.message } };
      }
      throw error;
    }
  };
}

/** The fresh state of a new sale: new uuid, no key, nothing created, nothing pending. */
function newSale(order: Order): Partial<SaleContext> {
  return {
    order,
    activeTicketId: null,
    error: null,
    idempotencyKey: null,
    pendingManagerDiscount: null,
    createdSale: null,
    offlinePending: false,
    offlineRequestId: null,
  };
}

function defaultCreateId(): string {
  return globalThis.crypto.randomUUID();
}

function defaultNow(): string {
  return new Date().toISOString();
}

export const saleMachine = setup({
  types: {} as {
    context: SaleContext;
    events: SaleEvent;
    input: SaleInput;
    tags: SaleTag;
  },
  actors: {
    /** GET sale by {id} (docs/api.md#the-client), answering the server's sale. */
    loadSale: requiredActor<SaleRecord, LoadSaleInput>('sale', 'loadSale'),
    /**
     * POST create sale (docs/sales.md#the-sale-screen) with the Idempotency-Key header; for an order that
     * already has an id (a loaded sale) the app posts the update instead. Offline, the request queue answers
     * OfflineQueued.
     */
    createSale: requiredActor<CreateSaleOutput, CreateSaleInput>('sale', 'createSale'),
    /** POST check PIN code / role-by-code (docs/roles.md#pin-approvals, docs/api.md#endpoints): who the PIN belongs to. */
    checkManagerPin: requiredActor<CheckManagerPinOutput, CheckManagerPinInput>('sale', 'checkManagerPin'),
  },
  guards: {
    hasSaleId: ({ context }) => context.saleId !== null,
    hasItems: ({ context }) => hasItems(context.order),
    isEmptyOrder: ({ context }) => isEmptyOrder(context.order),
    canAddItem: ({ context, event }) => {
      assertEvent(event, 'line.add');
      return canAddItem(context.order, event.employee);
    },
    hasLine: ({ context, event }) => {
      assertEvent(event, ['line.select', 'line.quantity', 'line.price', 'line.discount']);
      return hasLine(context.order, event.employeeIndex, event.itemIndex);
    },
    /** A line to move, to an employee other than its own (moving it to its own group would do nothing). */
    canMoveLine: ({ context, event }) => {
      assertEvent(event, 'line.move');
      const group = context.order.orderEmployees[event.employeeIndex];
      return group?.orderItems[event.itemIndex] !== undefined && group.employee.id !== event.employee.id;
    },
    hasEmployeeGroup: ({ context, event }) => {
      assertEvent(event, ['employee.select', 'employee.remove']);
      return context.order.orderEmployees[event.employeeIndex] !== undefined;
    },
    hasTipTarget: ({ context, event }) => {
      assertEvent(event, 'tip.set');
      return context.order.orderEmployees.some((group) => group.employee.id === event.userId);
    },
    /** Only a manager discount that gives something needs a PIN; removing one (value 0) never does. */
    needsManagerPin: ({ event }) => {
      assertEvent(event, 'discount.set');
      return event.discount.value > 0 && event.kind === 'manager';
    },
    isApprover: (_, params: { role: Role }) => canApproveWithPin(params.role),
    hasWaitingTicket: ({ context, event }) => {
      assertEvent(event, ['ticket.resume', 'ticket.delete']);
      return context.waitingTickets.some((ticket) => ticket.id === event.ticketId);
    },
    canMergeTickets: ({ context, event }) => {
      assertEvent(event, 'ticket.merge');
      return (
        event.ticketIds.length > 0 &&
        event.ticketIds.every((id) => context.waitingTickets.some((ticket) => ticket.id === id))
      );
    },
    isValidPayment: ({ context, event }) => {
      assertEvent(event, 'payment.set');
      return validatePayment(context.order, event.payment, totalsOf(context.order)) === null;
    },
    isPaidInFull: ({ context }) => isPaidInFull(context.order),
    isOfflineCard: ({ context, event }) => {
      assertEvent(event, 'payment.set');
      return isOfflineCardIntent(context, event.payment);
    },
    fitsOfflineCardLimits: ({ context, event }) => {
      assertEvent(event, 'payment.set');
      return checkOfflineCardPayment(context, event.payment).allowed;
    },
    /** A report the domain could not count with (a negative or fractional sum) is a bug: ignored, not kept. */
    isValidOfflineCardStatus: ({ event }) => {
      assertEvent(event, 'offlineCard.status');
      return isMinor(event.unsynced) && isMinor(event.limits.perTicket) && isMinor(event.limits.total);
    },
    isOfflineQueued: (_, params: { output: CreateSaleOutput }) => isOfflineQueued(params.output),
  },
  actions: {
    addEmployee: assign(edit('employee.add', (order, e) => addEmployee(order, e.employee))),
    changeEmployee: assign(edit('employee.change', (order, e) => changeEmployee(order, e.employee))),
    selectEmployee: assign(edit('employee.select', (order, e) => selectEmployee(order, e.employeeIndex))),
    removeEmployee: assign(edit('employee.remove', (order, e) => removeEmployee(order, e.employeeIndex))),
    addLine: assign(edit('line.add', (order, e) => addItem(order, e.item, e.employee))),
    selectLine: assign(edit('line.select', (order, e) => selectItem(order, e.employeeIndex, e.itemIndex))),
    changeQuantity: assign(
      edit('line.quantity', (order, e) => changeQuantity(order, e.employeeIndex, e.itemIndex, e.delta)),
    ),
    overridePrice: assign(
      edit('line.price', (order, e) => overridePrice(order, e.employeeIndex, e.itemIndex, e.price)),
    ),
    moveLine: assign(edit('line.move', (order, e) => moveLine(order, e, e.employee))),
    setLineDiscount: assign(
      edit('line.discount', (order, e) =>
        setLineDiscount(order, e.employeeIndex, e.itemIndex, e.source, e.discount),
      ),
    ),
    setOrderDiscount: assign(
      edit('discount.set', (order, e) =>
        setOrderDiscount(order, e.kind, { ...e.discount, approved_by: null }),
      ),
    ),
    removeOrderDiscount: assign(edit('discount.remove', (order, e) => removeOrderDiscount(order, e.kind))),
    setTip: assign(edit('tip.set', (order, e) => setTip(order, e.userId, e.amount))),
    /** setCustomer drops the old customer's membership discount; the new customer's is applied here. */
    setCustomer: assign(
      edit('customer.set', (order, e) => {
        const withCustomer = setCustomer(order, e.customer);
        const membership = e.customer?.membership?.discount;
        return membership ? setOrderDiscount(withCustomer, 'membership', membership) : withCustomer;
      }),
    ),
    addBooking: assign(edit('booking.add', (order, e) => addBooking(order, e.booking))),
    addTurn: assign(edit('turn.add', (order, e) => addTurn(order, e.turn))),
    clearOrder: assign(({ context }) => newSale(clearOrder(context.order, context.createId()))),
    clearAllOrder: assign(({ context }) => newSale(clearAllOrder(context.order, context.createId()))),

    holdManagerDiscount: assign(({ event }) => {
      assertEvent(event, 'discount.set');
      return { pendingManagerDiscount: { ...event.discount, approved_by: null }, error: null };
    }),
    /** The approver is recorded on the discount (OrderDiscountInfo.approved_by) for the audit trail. */
    applyManagerDiscount: assign(({ context }, params: { approvedBy: number }) => {
      const pending = context.pendingManagerDiscount;
      if (!pending) return {};
      return {
        order: setOrderDiscount(context.order, 'manager', { ...pending, approved_by: params.approvedBy }),
        pendingManagerDiscount: null,
        error: null,
      };
    }),
    refuseManagerPin: assign({ error: (): SaleError => ({ source: 'pin', code: 'pinNotApprover' }) }),
    dropManagerDiscount: assign({ pendingManagerDiscount: null, error: null }),

    parkTicket: assign(({ context }) => {
      const id = context.activeTicketId ?? context.createId();
      const waitingTickets = saveWaitingTicket(
        context.waitingTickets,
        ticketFromOrder(context.order, id, context.now()),
      );
      return { ...newSale(createOrder(context.createId(), context.settings)), waitingTickets };
    }),
    resumeTicket: assign(({ context, event }) => {
      assertEvent(event, 'ticket.resume');
      const ticket = context.waitingTickets.find((t) => t.id === event.ticketId);
      if (!ticket) return {};
      return { ...newSale(ticket.order), activeTicketId: ticket.id };
    }),
    deleteTicket: assign(({ context, event }) => {
      assertEvent(event, 'ticket.delete');
      return {
        waitingTickets: deleteWaitingTicket(context.waitingTickets, event.ticketId),
        activeTicketId: context.activeTicketId === event.ticketId ? null : context.activeTicketId,
      };
    }),
    /**
     * The merged order is parked at once under a new id and resumed from there: the merged tickets have
     * left the list, and until the new sale is created its only copy must not be in memory alone.
     */
    mergeTickets: assign(({ context, event }) => {
      assertEvent(event, 'ticket.merge');
      const merged = mergeWaitingTickets(context.waitingTickets, event.ticketIds, context.createId());
      const id = context.createId();
      const waitingTickets = saveWaitingTicket(
        merged.tickets,
        ticketFromOrder(merged.order, id, context.now()),
      );
      return { ...newSale(merged.order), waitingTickets, activeTicketId: id };
    }),
    /** The created sale's ticket leaves the waiting list: it is a sale now (or queued as one). */
    closeActiveTicket: assign(({ context }) =>
      context.activeTicketId === null
        ? {}
        : {
            waitingTickets: deleteWaitingTicket(context.waitingTickets, context.activeTicketId),
            activeTicketId: null,
          },
    ),
    /** Saving the list is the app's (local storage key of docs/api.md#the-client); a machine never touches storage. */
    persistWaitingTickets: (_, _params: PersistWaitingTicketsParams) => {},

    setPayment: assign(edit('payment.set', (order, e) => setPayment(order, e.payment))),
    setOfflineCardPayment: assign(
      edit('payment.set', (order, e, context) => setPayment(order, asOfflineCard(e.payment, context.now()))),
    ),
    /** Why: the domain's payment check first (amount, balance), then the offline card limits. */
    rejectPayment: assign(({ context, event }) => {
      assertEvent(event, 'payment.set');
      const code = validatePayment(context.order, event.payment, totalsOf(context.order));
      if (code) return { error: { source: 'payment', code } satisfies SaleError };
      if (isOfflineCardIntent(context, event.payment)) {
        const check = checkOfflineCardPayment(context, event.payment);
        if (!check.allowed) {
          const offlineCard: OfflineCardRefusal = {
            exceeded: check.exceeded,
            limit: check.limit,
            left: check.left,
          };
          return { error: { source: 'payment', code: 'offlineCardLimit', offlineCard } satisfies SaleError };
        }
      }
      return { error: { source: 'payment', code: 'invalidPayment' } satisfies SaleError };
    }),
    setConnectivity: assign(({ event }) => {
      assertEvent(event, 'connectivity.change');
      return { online: event.online };
    }),
    setOfflineCardStatus: assign(({ event }) => {
      assertEvent(event, 'offlineCard.status');
      return {
        offlineCardLimits: { perTicket: event.limits.perTicket, total: event.limits.total },
        unsyncedOfflineCard: event.unsynced,
      };
    }),
    removePayment: assign(
      edit('payment.remove', (order, e) => removePayment(order, e.paymentType, e.reference)),
    ),

    /** Generated once per sale, when completion is first asked for (docs/api.md#writes-and-idempotency); kept on retry. */
    ensureIdempotencyKey: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? context.createId(),
    })),
    storeCreatedSale: assign(({ context }, params: { created: CreatedSale }) => ({
      order: setCreatedSale(context.order, params.created),
      createdSale: params.created,
      offlinePending: false,
      offlineRequestId: null,
      error: null,
    })),
    /**
     * The queued sale's offline card payments are unsynced now: counted at once, so the next ticket is held to
     * the total limit before the app's next read of the queue says so (which then replaces this sum).
     */
    markPendingSync: assign(({ context }, params: { queued: OfflineQueued }) => ({
      createdSale: null,
      offlinePending: true,
      offlineRequestId: params.queued.requestId,
      unsyncedOfflineCard: context.unsyncedOfflineCard + offlineCardOnTicket(context.order.payments),
      error: null,
    })),
    fillLoadedSale: assign(({ context }, params: { sale: SaleRecord }) =>
      newSale(loadSale(params.sale, context.settings)),
    ),
    startNewSale: assign(({ context }) => newSale(createOrder(context.createId(), context.settings))),
    setError: assign((_, params: { error: SaleError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'sale',
  context: ({ input }) => {
    const createId = input.createId ?? defaultCreateId;
    return {
      order: createOrder(createId(), input.settings),
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
