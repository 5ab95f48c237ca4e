/**
 * Context, events, input and actor contracts of the sale machine (docs/architecture.md#statecharts "sale").
 *
 * Amounts in events are integer minor units (`Minor`), already parsed by the screen (docs/money.md: thousands
 * commas removed before parsing); the machine never parses or computes money itself.
 */
import type { LineDiscountSource, OrderDiscountKind, PaymentType, Role } from '../../src/domain/constants';
import type { OfflineCardLimitKind, OfflineCardLimits } from '../../src/domain/offline-card';
import type { CatalogItem, CreatedSale } from '../../src/domain/order-editing';
import type {
  Booking,
  BookingService,
  DiscountValue,
  Employee,
  Minor,
  Order,
  OrderCustomer,
  OrderDiscountInfo,
  OrderSettings,
  Payment,
  Turn,
  WaitingTicket,
} from '../../src/domain/order.types';

export interface SaleInput {
  /** Store settings that change the arithmetic; the domain's defaults (USD) when absent. */
  settings?: OrderSettings;
  /** /pos/sales/:id: the sale to load before building. */
  saleId?: number;
  /** The workstation's parked tickets, read from local storage by the app (docs/api.md#the-client). */
  waitingTickets?: WaitingTicket[];
  /** ISO time of now (waiting tickets' saved_at). Injected so tests are deterministic. */
  now?: () => string;
  /** New ids: order uuids, idempotency keys, waiting ticket ids. Default globalThis.crypto.randomUUID. */
  createId?: () => string;
  /** Whether the till is online when the machine starts; default true. Later changes: connectivity.change. */
  online?: boolean;
  /**
   * The store's offline_card_limit_per_ticket / offline_card_limit_total. Default both 0: no card payment is
   * taken offline until the app says what the store allows (offlineCard.status), as the server reads a
   * store without the setting (services/payments/record.ts).
   */
  offlineCardLimits?: OfflineCardLimits;
  /**
   * A new sale opened from the walk-in queue's "start" (docs/walk-in-screens.md#the-walk-in-queue): the turn,
   * attached as turn.add attaches it, with its technician and the service lines.
   */
  turn?: { turn: Turn; services: BookingService[] };
  /**
   * A new sale opened from the appointment book's "start sale" (docs/appointments.md#status): the booking,
   * attached as booking.add attaches it, each line on its technician.
   */
  booking?: Booking;
}

/** Where an error came from, so the screen can place it (payment panel, PIN dialog, banner). */
export type SaleErrorSource = 'edit' | 'payment' | 'pin' | 'createSale' | 'loadSale';

export interface SaleError {
  source: SaleErrorSource;
  /** A code mapped to an i18n key (conventions.md): a domain code or the actor's error `code`. */
  code: string;
  message?: string;
  /** code 'offlineCardLimit': which limit refused the card payment taken offline, and what it still allows. */
  offlineCard?: OfflineCardRefusal;
  /** code 'pinWrong': wrong PINs left before PIN entry locks, when the server said (docs/errors.md). */
  remaining?: number;
}

/** Why an offline card payment was refused (domain checkOfflineCard), for the message under the form. */
export interface OfflineCardRefusal {
  exceeded: OfflineCardLimitKind;
  /** The store's setting of that limit (minor units; 0 = the store takes no card payments offline). */
  limit: Minor;
  /** What that limit still allows on this ticket. */
  left: Minor;
}

/** The request queue's synthetic answer to a write made offline (docs/offline.md#the-queue). */
export interface OfflineQueued {
  offline: true;
  requestId: string;
  message?: string;
}

export interface CreateSaleInput {
  order: Order;
  /** Sent as the Idempotency-Key header; the same value on every retry of this sale (docs/api.md#writes-and-idempotency). */
  idempotencyKey: string;
}
/** The created sale's numbers, or the queue's receipt when the write was queued offline. */
export type CreateSaleOutput = CreatedSale | OfflineQueued;

export interface LoadSaleInput {
  saleId: number;
}

export interface CheckManagerPinInput {
  pin: string;
}
/** Who the PIN belongs to (the server's /role-by-code); the machine decides whether that role may approve. */
export interface CheckManagerPinOutput {
  userId: number;
  role: Role;
  name?: string;
}

export interface PersistWaitingTicketsParams {
  tickets: WaitingTicket[];
}

export interface SaleContext {
  order: Order;
  settings: OrderSettings | undefined;
  saleId: number | null;
  waitingTickets: WaitingTicket[];
  /** The waiting ticket the current order was resumed from; it stays parked until the sale completes. */
  activeTicketId: string | null;
  error: SaleError | null;
  /** Generated when completion is first asked for; kept across retries; null again only for a new sale. */
  idempotencyKey: string | null;
  /** A manager discount waiting for an approving PIN; applied only once approved. */
  pendingManagerDiscount: OrderDiscountInfo | null;
  createdSale: CreatedSale | null;
  /** The sale was queued offline: the receipt shows local data, marked pending sync (docs/offline.md). */
  offlinePending: boolean;
  offlineRequestId: string | null;
  /**
   * The till's connectivity as the app reports it (connectivity.change). Offline, a card payment is taken
   * as an offline one (payment_info.offline, taken_at) within the store's limits (docs/offline.md).
   */
  online: boolean;
  offlineCardLimits: OfflineCardLimits;
  /** Offline card payments of OTHER tickets still in the request queue, not yet synced (offlineCard.status). */
  unsyncedOfflineCard: Minor;
  createId: () => string;
  now: () => string;
}

export interface LineRef {
  employeeIndex: number;
  itemIndex: number;
}

export type SaleEvent =
  | { type: 'employee.add'; employee: Employee }
  | { type: 'employee.change'; employee: Employee }
  | { type: 'employee.select'; employeeIndex: number }
  | { type: 'employee.remove'; employeeIndex: number }
  | { type: 'line.add'; item: CatalogItem; employee?: Employee }
  | ({ type: 'line.select' } & LineRef)
  | ({ type: 'line.quantity'; delta: number } & LineRef)
  | ({ type: 'line.price'; price: Minor | null } & LineRef)
  | ({ type: 'line.discount'; source: LineDiscountSource; discount: DiscountValue } & LineRef)
  /** "Change employee on a line": the line, with its quantity, price override and discounts, to `employee`. */
  | ({ type: 'line.move'; employee: Employee } & LineRef)
  | { type: 'discount.set'; kind: OrderDiscountKind; discount: DiscountValue }
  | { type: 'discount.remove'; kind: OrderDiscountKind }
  | { type: 'tip.set'; userId: number; amount: Minor }
  | { type: 'customer.set'; customer: OrderCustomer | null }
  | { type: 'booking.add'; booking: Booking }
  /** A walk-in's turn (docs/walk-in-screens.md#the-walk-in-queue), with the other services asked for as lines. */
  | { type: 'turn.add'; turn: Turn; services?: BookingService[] }
  | { type: 'order.clear' }
  | { type: 'order.clearAll' }
  | { type: 'ticket.park' }
  | { type: 'ticket.resume'; ticketId: string }
  | { type: 'ticket.delete'; ticketId: string }
  | { type: 'ticket.merge'; ticketIds: string[] }
  | { type: 'tender.start' }
  | { type: 'tender.back' }
  | { type: 'payment.set'; payment: Payment }
  | { type: 'payment.remove'; paymentType: PaymentType; reference?: string }
  | { type: 'sale.complete' }
  | { type: 'sale.retry' }
  | { type: 'pin.submit'; pin: string }
  | { type: 'pin.cancel' }
  | { type: 'receipt.done' }
  | { type: 'load.retry' }
  | { type: 'load.cancel' }
  /** From the app: the till went offline or came back (navigator.onLine and its online/offline events). */
  | { type: 'connectivity.change'; online: boolean }
  /** From the app: the store's limits and the offline card payments still unsynced in the request queue. */
  | { type: 'offlineCard.status'; limits: OfflineCardLimits; unsynced: Minor };

export type SaleEventType = SaleEvent['type'];

export type SaleTag = 'busy' | 'dirty' | 'editable';
