/**
 * What the sale chart (sale.machine.ts) is typed by and decides with: its context, events and tags, the side
 * effects the app provides (docs/architecture.md#statecharts), its guards and its actions, each a domain edit
 * or a pure rule (sale.rules.ts). The chart's states are in sale.machine.ts.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { canApproveWithPin } from '../../src/domain/permissions';
import type { Role } from '../../src/domain/constants';
import {
  addBooking,
  addEmployee,
  addItem,
  addTurnWithServices,
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
import { membershipDiscountOn } from '../../src/domain/membership';
import { dayInTimeZone } from '../../src/domain/report-periods';
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
  totalsOf,
} from './sale.rules';

type EventOf<T extends SaleEventType> = Extract<SaleEvent, { type: T }>;
type ActionArgs = { context: SaleContext; event: SaleEvent };

/**
 * An assigner applying one domain edit to the order. An OrderEditError (a value the domain refuses, such
 * as a negative price) becomes context.error; anything else is a bug and is rethrown.
 */
/** The till's own time zone: a till stands in its store, so its calendar day is the store's. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

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

/** A new sale's uuid when the app gives no generator (SaleInput.createId). */
export function defaultCreateId(): string {
  return globalThis.crypto.randomUUID();
}

/** The clock when the app gives none (SaleInput.now). */
export function defaultNow(): string {
  return new Date().toISOString();
}

export const saleSetup = setup({
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
    /**
     * setCustomer drops the old customer's membership discount; the new customer's is applied here while
     * the membership holds on the till's calendar day (src/domain/membership.ts, the server's rule too).
     */
    setCustomer: assign(
      edit('customer.set', (order, e, context) => {
        const withCustomer = setCustomer(order, e.customer);
        const today = dayInTimeZone(new Date(context.now()), LOCAL_TIME_ZONE);
        const membership = membershipDiscountOn(e.customer?.membership, today);
        return membership ? setOrderDiscount(withCustomer, 'membership', membership) : withCustomer;
      }),
    ),
    addBooking: assign(edit('booking.add', (order, e) => addBooking(order, e.booking))),
    addTurn: assign(edit('turn.add', (order, e) => addTurnWithServices(order, e.turn, e.services ?? []))),
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
});
