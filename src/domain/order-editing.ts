/**
 * Structural edits of the order held while a sale is built: the "Order behaviours that must hold" of
 * docs/sales.md#editing-the-order. Every function is pure: it takes an order and returns a new one, never
 * touching its input, so the sale machine can `assign` the result and keep old snapshots intact.
 *
 * No amounts are computed here (totals, tax and payment checks live in the arithmetic modules); this file
 * only decides which employee group and which line an edit lands on, and which selection follows.
 *
 * Impossible edits (an index that does not exist, no employee to put a line on, a negative price) throw an
 * OrderEditError with a code; the machine guards call the exported predicates (canAddItem, hasLine, ...)
 * first, so a thrown error means a bug, never a user mistake to be silently swallowed.
 */
import { DEFAULT_CURRENCY, ITEM_TYPE, SALE_STATUS } from './constants';
import type { ItemType, LineDiscountSource, OrderDiscountKind, PaymentType, SaleStatus } from './constants';
import type {
  Booking,
  BookingService,
  DiscountValue,
  Employee,
  LineDiscount,
  Minor,
  Order,
  OrderCustomer,
  OrderDiscountInfo,
  OrderDiscounts,
  OrderEmployee,
  OrderItem,
  OrderSettings,
  Payment,
  Turn,
} from './order.types';

/** What the catalog (services, products, kits, gift cards) hands to the sale screen. */
export interface CatalogItem {
  item_id: number;
  item_type: ItemType;
  name: string;
  taxes: string;
  unit_price: Minor;
  cost?: Minor;
  commission_rate?: number;
  giftcard_number?: string | null;
  info?: Record<string, unknown> | null;
}

/** The catalog fields a line keeps of the item it sells, copied wherever a line becomes an item again. */
export type SoldItem = Pick<CatalogItem, 'item_id' | 'item_type' | 'name' | 'taxes' | 'unit_price'>;

/** The item a line sells, as the catalog gave it when it was rung (the line's own price and discounts left out). */
export function soldItemOf(line: SoldItem): SoldItem {
  return {
    item_id: line.item_id,
    item_type: line.item_type,
    name: line.name,
    taxes: line.taxes,
    unit_price: line.unit_price,
  };
}

/** What the server answers when a sale is created (docs/sales.md#editing-the-order: "its id, ticket numbers, invoice number and order time"). */
export interface CreatedSale {
  id: number;
  ticket_no: number;
  daily_ticket_no: number;
  invoice_no: string;
  order_at: string;
}

/** The server's sale (docs/sales.md#the-order "Sale"), the fields an order is rebuilt from. */
export interface SaleRecord {
  id: number;
  uuid: string;
  status: SaleStatus;
  ticket_no: number;
  daily_ticket_no: number;
  invoice_no: string;
  order_at: string;
  customer: OrderCustomer | null;
  employee: Employee | null;
  orderEmployees: OrderEmployee[];
  discount: OrderDiscounts;
  payments: Payment[];
  booking?: Booking | null;
  turn?: Turn | null;
}

export type OrderEditErrorCode =
  | 'noEmployee'
  | 'employeeNotFound'
  | 'lineNotFound'
  | 'invalidQuantity'
  | 'invalidPrice'
  | 'invalidAmount'
  | 'invalidDiscount'
  | 'ticketNotFound'
  | 'nothingToMerge';

/** An edit that cannot apply to this order; `code` maps to an i18n key (conventions.md, error messages). */
export class OrderEditError extends Error {
  readonly code: OrderEditErrorCode;
  constructor(code: OrderEditErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'OrderEditError';
    this.code = code;
  }
}

/** Store defaults when no store config is known yet (docs/money.md: currency defaults to USD). */
export const DEFAULT_ORDER_SETTINGS: OrderSettings = Object.freeze({
  currency: DEFAULT_CURRENCY,
  config_tax_on_tax: 0,
  config_indian_tax: '0',
  creditcard_fee_percent: 0,
  creditcard_fee_to_customer: false,
});

export function createOrder(uuid: string, settings: OrderSettings = DEFAULT_ORDER_SETTINGS): Order {
  return {
    id: null,
    uuid,
    ticket_no: null,
    daily_ticket_no: null,
    invoice_no: null,
    order_at: null,
    status: SALE_STATUS.DRAFT,
    customer: null,
    booking: null,
    turn: null,
    employee: null,
    orderEmployees: [],
    discount: {},
    payments: [],
    settings: { ...settings },
    activeCategory: null,
    activeEmployeeIndex: -1,
    activeItemIndex: -1,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Predicates and lookups (the machine's guards)

export function hasItems(order: Order): boolean {
  return order.orderEmployees.some((group) => group.orderItems.length > 0);
}

/**
 * WHY: "empty" means nothing would be lost by clearing it or not parking it. Employee groups alone do not
 * count, because clearOrder keeps the first employee and its result must read as empty.
 */
export function isEmptyOrder(order: Order): boolean {
  return (
    !hasItems(order) &&
    order.payments.length === 0 &&
    order.customer === null &&
    order.booking === null &&
    order.turn === null &&
    Object.keys(order.discount).length === 0 &&
    !order.orderEmployees.some((group) => group.tips !== undefined)
  );
}

export function activeGroup(order: Order): OrderEmployee | undefined {
  return order.activeEmployeeIndex >= 0 ? order.orderEmployees[order.activeEmployeeIndex] : undefined;
}

export function activeLine(order: Order): OrderItem | undefined {
  const group = activeGroup(order);
  return group && order.activeItemIndex >= 0 ? group.orderItems[order.activeItemIndex] : undefined;
}

export function hasLine(order: Order, employeeIndex: number, itemIndex: number): boolean {
  return order.orderEmployees[employeeIndex]?.orderItems[itemIndex] !== undefined;
}

/** The employee a line would land on: the one supplied, else the active group's, else the order's main one. */
function targetEmployee(order: Order, employee?: Employee | null): Employee | null {
  return employee ?? activeGroup(order)?.employee ?? order.employee ?? null;
}

export function canAddItem(order: Order, employee?: Employee | null): boolean {
  return targetEmployee(order, employee) !== null;
}

export function lineMatchesItem(
  line: OrderItem,
  item: Pick<CatalogItem, 'item_id' | 'item_type' | 'giftcard_number'>,
): boolean {
  return (
    line.item_id === item.item_id &&
    line.item_type === item.item_type &&
    // WHY: each gift card number is a card of its own, so two numbers are two lines.
    (item.item_type !== ITEM_TYPE.GIFTCARD ||
      (line.giftcard_number ?? null) === (item.giftcard_number ?? null))
  );
}

// ---------------------------------------------------------------------------------------------------------
// Employees

function groupIndexOf(order: Order, employeeId: number): number {
  return order.orderEmployees.findIndex((group) => group.employee.id === employeeId);
}

function assertGroup(order: Order, employeeIndex: number): OrderEmployee {
  const group = order.orderEmployees[employeeIndex];
  if (!group) throw new OrderEditError('employeeNotFound', `no employee group at index ${employeeIndex}`);
  return group;
}

function assertLine(order: Order, employeeIndex: number, itemIndex: number): OrderItem {
  const line = order.orderEmployees[employeeIndex]?.orderItems[itemIndex];
  if (!line) throw new OrderEditError('lineNotFound', `no line at ${employeeIndex}/${itemIndex}`);
  return line;
}

/** The order with `employee`'s group present and active (appended when missing), and its index. */
function withActiveGroup(order: Order, employee: Employee): { order: Order; index: number } {
  const existing = groupIndexOf(order, employee.id);
  if (existing >= 0) {
    return {
      index: existing,
      order:
        existing === order.activeEmployeeIndex
          ? order
          : { ...order, activeEmployeeIndex: existing, activeItemIndex: -1 },
    };
  }
  const index = order.orderEmployees.length;
  return {
    index,
    order: {
      ...order,
      employee: order.employee ?? employee,
      orderEmployees: [...order.orderEmployees, { employee, orderItems: [] }],
      activeEmployeeIndex: index,
      activeItemIndex: -1,
    },
  };
}

/**
 * docs/sales.md#editing-the-order: "Adding an employee appends a group unless the employee is already
 * present, makes it active, and sets the order's main employee if none." WHY: activating a group selects none
 * of its lines (-1): the line selection belongs to the previously active group.
 */
export function addEmployee(order: Order, employee: Employee): Order {
  return withActiveGroup(order, employee).order;
}

/**
 * docs/sales.md#editing-the-order: "Changing the employee replaces the first group's employee unless the new
 * one is already elsewhere in the order." The group's tip follows the group (its user_id becomes the new
 * employee's), so tips never point at someone no longer on the ticket. WHY (spec silent): with no group yet,
 * changing the employee adds it, as the person picking one expects to see it on the ticket.
 */
export function changeEmployee(order: Order, employee: Employee): Order {
  const first = order.orderEmployees[0];
  if (!first) return addEmployee(order, employee);
  if (groupIndexOf(order, employee.id) >= 0) return order;
  const replaced: OrderEmployee = {
    ...first,
    employee,
    ...(first.tips ? { tips: { ...first.tips, user_id: employee.id } } : {}),
  };
  const wasMain = order.employee === null || order.employee.id === first.employee.id;
  return {
    ...order,
    employee: wasMain ? employee : order.employee,
    orderEmployees: [replaced, ...order.orderEmployees.slice(1)],
  };
}

export function selectEmployee(order: Order, employeeIndex: number): Order {
  assertGroup(order, employeeIndex);
  return { ...order, activeEmployeeIndex: employeeIndex, activeItemIndex: -1 };
}

/** itemIndex -1 selects the group with no line. */
export function selectItem(order: Order, employeeIndex: number, itemIndex: number): Order {
  assertGroup(order, employeeIndex);
  if (itemIndex !== -1) assertLine(order, employeeIndex, itemIndex);
  return { ...order, activeEmployeeIndex: employeeIndex, activeItemIndex: itemIndex };
}

/**
 * Removes a group with its lines and tip. WHY (spec silent): when the active group goes, the selection moves
 * to the previous group, else the next, else none (the same rule as a removed line); the main employee
 * becomes the first remaining group's employee when it was the one removed.
 */
export function removeEmployee(order: Order, employeeIndex: number): Order {
  const removed = assertGroup(order, employeeIndex);
  const orderEmployees = order.orderEmployees.filter((_, i) => i !== employeeIndex);
  let activeEmployeeIndex = order.activeEmployeeIndex;
  let activeItemIndex = order.activeItemIndex;
  if (employeeIndex === order.activeEmployeeIndex) {
    activeEmployeeIndex = nextSelection(employeeIndex, orderEmployees.length);
    activeItemIndex = -1;
  } else if (employeeIndex < order.activeEmployeeIndex) {
    activeEmployeeIndex -= 1;
  }
  const employee =
    order.employee !== null && order.employee.id === removed.employee.id
      ? (orderEmployees[0]?.employee ?? null)
      : order.employee;
  return { ...order, employee, orderEmployees, activeEmployeeIndex, activeItemIndex };
}

/** After removing position `removed` from a list now `remaining` long: the previous one, else the next, else -1. */
function nextSelection(removed: number, remaining: number): number {
  if (removed > 0) return removed - 1;
  return remaining > 0 ? 0 : -1;
}

// ---------------------------------------------------------------------------------------------------------
// Lines

function replaceGroup(order: Order, employeeIndex: number, group: OrderEmployee): Order {
  return { ...order, orderEmployees: order.orderEmployees.map((g, i) => (i === employeeIndex ? group : g)) };
}

function replaceLine(order: Order, employeeIndex: number, itemIndex: number, line: OrderItem): Order {
  const group = assertGroup(order, employeeIndex);
  return replaceGroup(order, employeeIndex, {
    ...group,
    orderItems: group.orderItems.map((l, i) => (i === itemIndex ? line : l)),
  });
}

export function lineFromCatalog(item: CatalogItem, settings: OrderSettings): OrderItem {
  return {
    item_id: item.item_id,
    item_type: item.item_type,
    name: item.name,
    taxes: item.taxes,
    unit_price: item.unit_price,
    price: null,
    quantity: 1,
    giftcard_number: item.giftcard_number ?? null,
    info: item.info ?? null,
    discounts: [],
    // WHY: the line keeps the tax rules it was rung under (order.types.ts), so a later settings change
    // does not reprice lines already on the ticket.
    tax_on: settings.config_tax_on_tax,
    indian_tax: settings.config_indian_tax,
    ...(item.cost !== undefined ? { cost: item.cost } : {}),
    ...(item.commission_rate !== undefined ? { commission_rate: item.commission_rate } : {}),
  };
}

/**
 * docs/sales.md#editing-the-order: "Adding an item to an employee whose list already holds that item raises
 * its quantity by 1; otherwise a new line with quantity 1 is appended and becomes the active line. If no
 * employee is active and one is supplied, an employee group is created." Either way the touched line becomes
 * active. WHY: an existing line keeps its price override and discounts when its quantity rises: the spec's
 * rule is "raises its quantity", and the person sees the line they tapped grow.
 * Throws `noEmployee` when neither `employee`, an active group nor a main employee exists (guard: canAddItem).
 */
export function addItem(order: Order, item: CatalogItem, employee?: Employee): Order {
  const target = targetEmployee(order, employee);
  if (!target) throw new OrderEditError('noEmployee', 'an item needs an employee');
  const { order: withGroup, index } = withActiveGroup(order, target);
  const group = assertGroup(withGroup, index);
  const existing = group.orderItems.findIndex((line) => lineMatchesItem(line, item));
  if (existing >= 0) {
    const line = group.orderItems[existing] as OrderItem;
    return {
      ...replaceLine(withGroup, index, existing, { ...line, quantity: line.quantity + 1 }),
      activeEmployeeIndex: index,
      activeItemIndex: existing,
    };
  }
  return {
    ...replaceGroup(withGroup, index, {
      ...group,
      orderItems: [...group.orderItems, lineFromCatalog(item, order.settings)],
    }),
    activeEmployeeIndex: index,
    activeItemIndex: group.orderItems.length,
  };
}

/**
 * docs/sales.md#editing-the-order: "A quantity change adds a delta; a quantity reaching 0 removes the line
 * and moves the active-line selection." WHY (spec silent on where it moves): the edited group becomes active
 * and the selection goes to the previous line, else the next, else none; otherwise the changed line becomes
 * the active one. The group stays even when its last line goes (removing the employee is its own action).
 */
export function changeQuantity(order: Order, employeeIndex: number, itemIndex: number, delta: number): Order {
  if (!Number.isInteger(delta)) throw new OrderEditError('invalidQuantity', `quantity delta ${delta}`);
  const line = assertLine(order, employeeIndex, itemIndex);
  const quantity = line.quantity + delta;
  if (quantity > 0) {
    return {
      ...replaceLine(order, employeeIndex, itemIndex, { ...line, quantity }),
      activeEmployeeIndex: employeeIndex,
      activeItemIndex: itemIndex,
    };
  }
  const group = assertGroup(order, employeeIndex);
  const orderItems = group.orderItems.filter((_, i) => i !== itemIndex);
  return {
    ...replaceGroup(order, employeeIndex, { ...group, orderItems }),
    activeEmployeeIndex: employeeIndex,
    activeItemIndex: nextSelection(itemIndex, orderItems.length),
  };
}

/** docs/sales.md#editing-the-order: "A line price can be overridden." null returns the line to its catalog price. */
export function overridePrice(
  order: Order,
  employeeIndex: number,
  itemIndex: number,
  price: Minor | null,
): Order {
  if (price !== null && (!Number.isInteger(price) || price < 0)) {
    throw new OrderEditError(
      'invalidPrice',
      `price ${price} is not a whole, non-negative number of minor units`,
    );
  }
  const line = assertLine(order, employeeIndex, itemIndex);
  return replaceLine(order, employeeIndex, itemIndex, { ...line, price });
}

/**
 * docs/sales.md#editing-the-order: "A line discount is added or replaced by type; a value of 0 or less
 * removes it." The "type" is the discount source (Item 0 / Employee 1): docs/money.md allows at most one of
 * each per line.
 */
export function setLineDiscount(
  order: Order,
  employeeIndex: number,
  itemIndex: number,
  source: LineDiscountSource,
  discount: DiscountValue,
): Order {
  if (!Number.isFinite(discount.value))
    throw new OrderEditError('invalidDiscount', `discount ${discount.value}`);
  const line = assertLine(order, employeeIndex, itemIndex);
  const current = line.discounts ?? [];
  const others = current.filter((d) => d.type !== source);
  let discounts: LineDiscount[];
  if (discount.value <= 0) {
    discounts = others;
  } else {
    const entry: LineDiscount = { type: source, discount: { type: discount.type, value: discount.value } };
    const at = current.findIndex((d) => d.type === source);
    discounts = at >= 0 ? current.map((d, i) => (i === at ? entry : d)) : [...current, entry];
  }
  return replaceLine(order, employeeIndex, itemIndex, { ...line, discounts });
}

// ---------------------------------------------------------------------------------------------------------
// Order discounts, payments, tips

/** docs/sales.md#editing-the-order: "An order discount of a kind is cleared when its value is 0"; docs/money.md: "0 or less" is never kept. */
export function setOrderDiscount(order: Order, kind: OrderDiscountKind, discount: OrderDiscountInfo): Order {
  if (!Number.isFinite(discount.value))
    throw new OrderEditError('invalidDiscount', `discount ${discount.value}`);
  if (discount.value <= 0) return removeOrderDiscount(order, kind);
  return { ...order, discount: { ...order.discount, [kind]: { ...discount } } };
}

export function removeOrderDiscount(order: Order, kind: OrderDiscountKind): Order {
  if (!(kind in order.discount)) return order;
  const discount = { ...order.discount };
  delete discount[kind];
  return { ...order, discount };
}

/**
 * What tells two payments apart: the type and the reference (gift card number, card last 4, check number,
 * code). Two gift cards or two cards with different references are separate split payments.
 */
export function paymentKey(payment: Pick<Payment, 'payment_type' | 'payment_info'>): string {
  return `${payment.payment_type}:${payment.payment_info?.reference ?? ''}`;
}

/**
 * docs/sales.md#editing-the-order: "A payment of a type is added, replaced, or removed when the amount is 0
 * or less; amounts of 0 or less are never added." Keyed by paymentKey; a replaced payment keeps its place in
 * the list (the order in which the tender was taken). Whether the amount over-pays is the arithmetic's
 * validatePayment, not this.
 */
export function setPayment(order: Order, payment: Payment): Order {
  if (!Number.isInteger(payment.payment_amount)) {
    throw new OrderEditError(
      'invalidAmount',
      `payment amount ${payment.payment_amount} is not whole minor units`,
    );
  }
  const key = paymentKey(payment);
  const at = order.payments.findIndex((p) => paymentKey(p) === key);
  if (payment.payment_amount <= 0) {
    return at >= 0 ? { ...order, payments: order.payments.filter((_, i) => i !== at) } : order;
  }
  const entry: Payment = {
    ...payment,
    ...(payment.payment_info ? { payment_info: { ...payment.payment_info } } : {}),
  };
  return {
    ...order,
    payments: at >= 0 ? order.payments.map((p, i) => (i === at ? entry : p)) : [...order.payments, entry],
  };
}

/**
 * With a reference: removes that one payment. WHY: without one, removes every payment of the type, so
 * "remove the gift card payment" works when the caller does not know the card number; pass '' to remove
 * only the unreferenced payment of the type.
 */
export function removePayment(order: Order, paymentType: PaymentType, reference?: string): Order {
  const payments =
    reference === undefined
      ? order.payments.filter((p) => p.payment_type !== paymentType)
      : order.payments.filter(
          (p) => paymentKey(p) !== paymentKey({ payment_type: paymentType, payment_info: { reference } }),
        );
  return payments.length === order.payments.length ? order : { ...order, payments };
}

/** docs/sales.md#editing-the-order: "Tips attach to the employee group matching user_id"; 0 or less removes the tip (docs/money.md). */
export function setTip(order: Order, userId: number, tipAmount: Minor): Order {
  if (!Number.isInteger(tipAmount)) throw new OrderEditError('invalidAmount', `tip ${tipAmount}`);
  const index = groupIndexOf(order, userId);
  if (index < 0) throw new OrderEditError('employeeNotFound', `no employee ${userId} on the order`);
  const group = order.orderEmployees[index] as OrderEmployee;
  if (tipAmount <= 0) {
    if (!group.tips) return order;
    const { tips: _removed, ...withoutTip } = group;
    return replaceGroup(order, index, withoutTip);
  }
  return replaceGroup(order, index, { ...group, tips: { user_id: userId, tip_amount: tipAmount } });
}

// ---------------------------------------------------------------------------------------------------------
// Customer, booking, turn

/**
 * WHY (spec silent): a membership discount belongs to the customer who holds the membership, so it goes
 * when the customer changes or is removed; the machine re-applies the new customer's membership.
 */
export function setCustomer(order: Order, customer: OrderCustomer | null): Order {
  const sameCustomer = (order.customer?.id ?? null) === (customer?.id ?? null);
  const next: Order = { ...order, customer: customer ? { ...customer } : null };
  return sameCustomer ? next : removeOrderDiscount(next, 'membership');
}

/**
 * docs/sales.md#editing-the-order: "Adding a booking adds each booked service as a line", on the booking's
 * employee if given, else the active one (lines go through addItem, so a service already on that employee
 * rises in quantity). WHY: adding the booking already on the order changes nothing, so a repeated tap cannot
 * double its lines.
 */
export function addBooking(order: Order, booking: Booking): Order {
  if (order.booking?.id === booking.id) return order;
  const services = booking.booking_appt_service;
  // A line booked with its own technician goes to her (docs/appointments.md#status: "each booked line becomes a
  // line for its technician"); else to the booking's employee, else the active one.
  const employeeOf = (service: BookingService) => service.employee ?? booking.employee ?? undefined;
  if (services.some((service) => !canAddItem(order, employeeOf(service)))) {
    throw new OrderEditError('noEmployee', 'a booking needs an employee for its services');
  }
  const withLines = services.reduce(
    (acc, service) =>
      addItem(
        acc,
        {
          item_id: service.service_id,
          item_type: ITEM_TYPE.SERVICE,
          name: service.service_name,
          taxes: service.taxes,
          unit_price: service.unit_price,
        },
        employeeOf(service),
      ),
    order,
  );
  return { ...withLines, booking };
}

/** docs/sales.md#editing-the-order: "adding a turn adds its service as a line"; the same turn twice changes nothing (see addBooking). */
export function addTurn(order: Order, turn: Turn): Order {
  if (order.turn?.id === turn.id) return order;
  const service = turn.service;
  const withLine = service
    ? addItem(
        order,
        {
          item_id: service.id,
          item_type: ITEM_TYPE.SERVICE,
          name: service.service_name,
          taxes: service.taxes,
          unit_price: service.unit_price,
        },
        turn.employee ?? undefined,
      )
    : order;
  return { ...withLine, turn };
}

/**
 * A walk-in's turn with every service the customer asked for (docs/walk-in-screens.md#the-walk-in-queue: the desk
 * starts the service and the sale opens with it): the turn's own line (addTurn), then each other service as a
 * line of the turn's technician. The same turn twice changes nothing, as addTurn.
 */
export function addTurnWithServices(order: Order, turn: Turn, services: readonly BookingService[]): Order {
  if (order.turn?.id === turn.id) return order;
  const withTurn = addTurn(order, turn);
  const employee = turn.employee ?? undefined;
  return services
    .filter((service) => service.service_id !== turn.service?.id)
    .reduce(
      (acc, service) =>
        addItem(
          acc,
          {
            item_id: service.service_id,
            item_type: ITEM_TYPE.SERVICE,
            name: service.service_name,
            taxes: service.taxes,
            unit_price: service.unit_price,
          },
          employee,
        ),
      withTurn,
    );
}

// ---------------------------------------------------------------------------------------------------------
// Whole-order transitions

/** docs/sales.md#editing-the-order: "After a sale is created, its id, ticket numbers, invoice number and order time are stored." */
export function setCreatedSale(order: Order, created: CreatedSale): Order {
  return {
    ...order,
    id: created.id,
    ticket_no: created.ticket_no,
    daily_ticket_no: created.daily_ticket_no,
    invoice_no: created.invoice_no,
    order_at: created.order_at,
    status: SALE_STATUS.SALE,
  };
}

/**
 * docs/sales.md#editing-the-order: "Loading a sale fills the order from the server and activates the first
 * employee." WHY: the main employee is the sale's, else the first group's, so a sale saved without one still
 * has one.
 */
export function loadSale(sale: SaleRecord, settings: OrderSettings = DEFAULT_ORDER_SETTINGS): Order {
  const orderEmployees = sale.orderEmployees.map((group) => ({
    ...group,
    orderItems: group.orderItems.map((line) => ({ ...line, discounts: [...(line.discounts ?? [])] })),
  }));
  return {
    ...createOrder(sale.uuid, settings),
    id: sale.id,
    status: sale.status,
    ticket_no: sale.ticket_no,
    daily_ticket_no: sale.daily_ticket_no,
    invoice_no: sale.invoice_no,
    order_at: sale.order_at,
    customer: sale.customer,
    employee: sale.employee ?? orderEmployees[0]?.employee ?? null,
    orderEmployees,
    discount: { ...sale.discount },
    payments: sale.payments.map((p) => ({ ...p })),
    booking: sale.booking ?? null,
    turn: sale.turn ?? null,
    activeEmployeeIndex: orderEmployees.length > 0 ? 0 : -1,
    activeItemIndex: -1,
  };
}

/**
 * docs/sales.md#editing-the-order: "Clearing the order resets ids, numbers, items, discount and payments and
 * keeps the first employee with an empty item list." The fresh uuid makes it a new sale for the server's
 * duplicate guard (docs/api.md#writes-and-idempotency). WHY: the customer, the main employee, settings and
 * category stay (the next sale is often for the same people); booking, turn and tips go with the cleared
 * sale.
 */
export function clearOrder(order: Order, uuid: string): Order {
  const first = order.orderEmployees[0];
  return {
    ...createOrder(uuid, order.settings),
    customer: order.customer,
    employee: order.employee,
    activeCategory: order.activeCategory,
    orderEmployees: first ? [{ employee: first.employee, orderItems: [] }] : [],
    activeEmployeeIndex: first ? 0 : -1,
  };
}

/** docs/sales.md#editing-the-order: "clearing all also drops the employee and customer". Only the store settings stay. */
export function clearAllOrder(order: Order, uuid: string): Order {
  return createOrder(uuid, order.settings);
}
