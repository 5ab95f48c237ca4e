/**
 * The model of the sale flow for the UI model-based test (docs/architecture.md#statecharts: "the sale flow …
 * is also replayed against the real UI in Chromium"): paths generated with xstate/graph from the REAL sale
 * machine (machines/sale/sale.machine.ts), over a bounded set of events a cashier can cause with one
 * technician and one service, with the payloads the demo catalog gives (README "Demo logins").
 *
 * Why not exploreMachine (tests/support/machine-coverage.ts): it sends a bare `{ type }` for every event type a
 * state accepts that is not listed, and the sale machine's edits need their payloads (a bare employee.change
 * would throw). Here the traversal sends exactly the listed events, and the rest is the same recipe: one path
 * per edge of the state graph (the shortest path to its source plus the edge), paths that are a prefix of
 * another dropped, then only those that add a state or a transition kept (minimisePaths), so each path is
 * worth a browser run.
 *
 * The graph's nodes are the state value plus the facts the guards and the screen read (serializeSaleState), not
 * the whole context, which grows on every line.add. So the snapshot a generated path carries for a step is its
 * node's representative and may differ in detail (a quantity) from what that exact path produces; the
 * concrete snapshots are therefore computed again by running the path's events through the machine's pure
 * transition function (`concreteSteps`), and the screen is checked against those.
 */
import { initialTransition, transition } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { AdjacencyMap } from 'xstate/graph';
import { saleMachine } from '../../../machines/sale/sale.machine';
import { isPaidInFull } from '../../../machines/sale/sale.rules';
import type { SaleContext, SaleInput } from '../../../machines/sale/sale.types';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, ROLE } from '../../../src/domain/constants';
import type { CatalogItem, SaleRecord } from '../../../src/domain/order-editing';
import { canAddItem, hasItems, isEmptyOrder } from '../../../src/domain/order-editing';
import { doneEvent, errorEvent, measureCoverage, minimisePaths } from '../../support/machine-coverage';
import type { MachineCoverage, MachinePath, MachinePathStep } from '../../support/machine-coverage';

// ---- the demo data the events carry ----------------------------------------------------------------------

/**
 * The technician and the service of every path (README "Demo logins": Anna is checked in; Gel Manicure is an
 * untaxed $35.00 service, so the order's arithmetic does not depend on the store's tax settings). Ids are the
 * model's own: the screen sends the real ones, and no guard or total reads an id beyond matching a tip to a group.
 */
export const TECHNICIAN = { id: 1, name: 'Anna Nguyen' } as const;
export const SERVICE: CatalogItem = {
  item_id: 1,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Gel Manicure',
  taxes: '',
  unit_price: 3500,
};
/** A ticket discount typed as "10" with Percent; a manager discount typed as "5.00" with Amount. */
export const TICKET_DISCOUNT = { type: DISCOUNT_TYPE.PERCENT, value: 10 } as const;
export const MANAGER_DISCOUNT = { type: DISCOUNT_TYPE.AMOUNT, value: 500 } as const;
/** A tip of $5.00 for the technician. */
export const TIP = 500;
/** Cash handed over: $100.00, more than any ticket of the model ($35.00 × 2 at most) so change is due. */
export const CASH_TENDERED = 10_000;

/** Who a PIN belongs to (the server's /role-by-code), as the outcome events of the check say. */
export const PIN_OWNERS = {
  manager: { userId: 3, role: ROLE.MANAGER, name: 'Maria Lopez' },
  cashier: { userId: 4, role: ROLE.STAFF, name: 'Jenny Kim' },
} as const;
export const PIN_WRONG = { code: 'pinWrong', message: 'The PIN is not correct.' };
/** The codes are the client's for the server's answers (lib/api/sale-api.ts statusCode: 409 on a save, 404 on a load). */
export const CREATE_REFUSED = { code: 'saleConflict', message: 'The sale could not be saved.' };
/** The queue's answer when the sale's request never reached the server (lib/offline-queue/offline-fetch.ts). */
export const QUEUED_OFFLINE = { offline: true, requestId: 'model-offline' } as const;
/** The id of the one parked ticket (MODEL_INPUT's createId). */
export const PARKED_ID = 'model-id';
const CREATED = {
  id: 1,
  ticket_no: 1,
  daily_ticket_no: 1,
  invoice_no: 'S0001-000001',
  order_at: '2025-01-01T15:00:00.000Z',
};

const EMPLOYEE_ADD = { type: 'employee.add', employee: TECHNICIAN };
const EMPLOYEE_REMOVE = { type: 'employee.remove', employeeIndex: 0 };
const LINE_ADD = { type: 'line.add', item: SERVICE };
const ONE_MORE = { type: 'line.quantity', employeeIndex: 0, itemIndex: 0, delta: 1 };
const ONE_LESS = { type: 'line.quantity', employeeIndex: 0, itemIndex: 0, delta: -1 };
const TICKET_DISCOUNT_SET = { type: 'discount.set', kind: 'ticket', discount: TICKET_DISCOUNT };
const TICKET_DISCOUNT_REMOVE = { type: 'discount.remove', kind: 'ticket' };
const MANAGER_DISCOUNT_SET = { type: 'discount.set', kind: 'manager', discount: MANAGER_DISCOUNT };
const TIP_SET = { type: 'tip.set', userId: TECHNICIAN.id, amount: TIP };
const CASH = {
  type: 'payment.set',
  payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: CASH_TENDERED },
};
const CASH_ZERO = { type: 'payment.set', payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: 0 } };
const CASH_REMOVE = { type: 'payment.remove', paymentType: PAYMENT_TYPE.CASH, reference: '' };
/** The line editor: the price typed as "30.00"; an item discount typed as "10" with Percent (%). */
const LINE_PRICE = { type: 'line.price', employeeIndex: 0, itemIndex: 0, price: 3000 };
const LINE_DISCOUNT = {
  type: 'line.discount',
  employeeIndex: 0,
  itemIndex: 0,
  source: DISCOUNT_SOURCE.ITEM,
  discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 },
};
const EMPLOYEE_SELECT = { type: 'employee.select', employeeIndex: 0 };
const LINE_SELECT = { type: 'line.select', employeeIndex: 0, itemIndex: 0 };
const RESUME = { type: 'ticket.resume', ticketId: PARKED_ID };
const DELETE = { type: 'ticket.delete', ticketId: PARKED_ID };

/** Every event a path may hold; each has a gesture in the spec. */
export const MODEL_EVENTS: readonly AnyEventObject[] = [
  EMPLOYEE_ADD,
  EMPLOYEE_REMOVE,
  LINE_ADD,
  ONE_MORE,
  ONE_LESS,
  TICKET_DISCOUNT_SET,
  TICKET_DISCOUNT_REMOVE,
  MANAGER_DISCOUNT_SET,
  { type: 'pin.submit', pin: 'typed' },
  { type: 'pin.cancel' },
  doneEvent('checkManagerPin', PIN_OWNERS.manager),
  doneEvent('checkManagerPin', PIN_OWNERS.cashier),
  errorEvent('checkManagerPin', PIN_WRONG),
  TIP_SET,
  { type: 'order.clear' },
  { type: 'order.clearAll' },
  { type: 'ticket.park' },
  RESUME,
  DELETE,
  EMPLOYEE_SELECT,
  LINE_SELECT,
  LINE_PRICE,
  LINE_DISCOUNT,
  { type: 'tender.start' },
  { type: 'tender.back' },
  CASH,
  CASH_ZERO,
  CASH_REMOVE,
  { type: 'sale.complete' },
  { type: 'sale.retry' },
  doneEvent('createSale', CREATED),
  doneEvent('createSale', QUEUED_OFFLINE),
  errorEvent('createSale', CREATE_REFUSED),
  { type: 'receipt.done' },
];

/**
 * Whether the screen offers the gesture of this event now. The machine accepts some events the screen never
 * sends in that situation (a discount.remove with no discount is a harmless no-op for the chart; the screen
 * shows no Remove button then), and the screen's cash form adds to the cash already taken rather than
 * replacing it (tender-kinds.ts cashPayment), so a second cash payment is not the model's payment.set. Paths
 * hold only what a cashier can actually do (employee.select and line.select: the group's and the line's own
 * buttons, always there with them).
 */
function offered(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const context = snapshot.context as SaleContext;
  const { order } = context;
  const employees = order.orderEmployees.length;
  const hasCash = order.payments.some((p) => p.payment_type === PAYMENT_TYPE.CASH);
  switch (event) {
    case EMPLOYEE_REMOVE:
    case EMPLOYEE_SELECT:
    case TIP_SET:
      return employees > 0;
    case LINE_ADD:
      return canAddItem(order);
    case ONE_MORE:
    case ONE_LESS:
    case LINE_SELECT:
    case LINE_PRICE:
    case LINE_DISCOUNT:
      return hasItems(order);
    case TICKET_DISCOUNT_REMOVE:
      return order.discount.ticket !== undefined;
    case CASH:
      return !hasCash;
    case CASH_REMOVE:
      return hasCash;
    case RESUME:
      return context.waitingTickets.length > 0 && !hasItems(order);
    case DELETE:
      return context.waitingTickets.length > 0;
    default:
      break;
  }
  switch (event.type) {
    case 'order.clear':
      return !isEmptyOrder(order);
    case 'ticket.park':
      // One parked ticket at a time (MODEL_INPUT): a resumed one goes back under its own id.
      return (
        !isEmptyOrder(order) && context.waitingTickets.every((ticket) => ticket.id === context.activeTicketId)
      );
    case 'order.clearAll':
      return !isEmptyOrder(order) || employees > 0 || order.customer !== null;
    case 'tender.start':
      return hasItems(order);
    default:
      return true;
  }
}

/**
 * The machine's input: constant ids, so every path parks its ticket under the same id and a path's events
 * (ticket.resume of that id) replay the same from any start. The screen's ids are random; the difference never
 * shows because a second ticket is never parked beside the first (see `offered`).
 */
export const MODEL_INPUT: SaleInput = {
  createId: () => PARKED_ID,
  now: () => '2025-01-01T15:00:00.000Z',
};

/** The facts the guards and the screen read; snapshots that agree on them behave alike for every event. */
export function serializeSaleState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as SaleContext;
  const { order } = context;
  return JSON.stringify([
    snapshot.value,
    {
      employees: order.orderEmployees.length,
      items: hasItems(order),
      empty: isEmptyOrder(order),
      paid: isPaidInFull(order),
      payments: order.payments.length,
      parked: context.waitingTickets.length,
      resumed: context.activeTicketId !== null,
      pendingSync: context.offlinePending,
      error: context.error?.code ?? null,
    },
  ]);
}

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const accepted = new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]));
  return MODEL_EVENTS.filter((event) => accepted.has(event.type) && offered(snapshot, event));
}

// ---- paths ---------------------------------------------------------------------------------------------

export interface SalePath {
  /** Events only, stable across processes (a test title). */
  title: string;
  input: SaleInput;
  events: AnyEventObject[];
  /** Each event with the concrete snapshot it leads to. */
  steps: MachinePathStep[];
  /** The concrete snapshot before the first event. */
  initial: AnyMachineSnapshot;
}

export function eventLabel(event: AnyEventObject): string {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const output = (event as { output?: { role?: string; offline?: boolean } }).output;
    const done = output?.role ?? (output?.offline ? 'queued offline' : 'done');
    return `${actor[2]}: ${actor[1] === 'error' ? 'fails' : done}`;
  }
  switch (event.type) {
    case 'line.price':
      return `line.price(${String(event.price)})`;
    case 'line.discount':
      return 'line.discount(item 10%)';
    case 'line.quantity':
      return `line.quantity(${(event.delta as number) > 0 ? '+' : ''}${String(event.delta)})`;
    case 'discount.set':
    case 'discount.remove':
      return `${event.type}(${String(event.kind)})`;
    case 'payment.set':
      return `payment.set(cash ${String((event.payment as { payment_amount: number }).payment_amount)})`;
    default:
      return event.type;
  }
}

/**
 * The path's events run through the machine's pure transition function. `loaded`: the sale the screen really
 * loads, in place of the model's stand-in (LOADED_SALE), so the ticket after loading is the real one.
 */
export function concreteSteps(
  input: SaleInput,
  events: readonly AnyEventObject[],
  loaded?: SaleRecord,
): { initial: AnyMachineSnapshot; steps: MachinePathStep[] } {
  const [initial] = initialTransition(saleMachine, input);
  let snapshot = initial as AnyMachineSnapshot;
  const steps = events.map((event) => {
    const sent = loaded && event.type === 'xstate.done.actor.loadSale' ? { ...event, output: loaded } : event;
    [snapshot] = transition(saleMachine, snapshot as never, sent as never) as [AnyMachineSnapshot, unknown];
    return { event, state: snapshot };
  });
  return { initial: initial as AnyMachineSnapshot, steps };
}

function stripInit(steps: ReadonlyArray<{ event: AnyEventObject; state: unknown }>): MachinePathStep[] {
  return steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map((s) => ({ event: s.event, state: s.state as AnyMachineSnapshot }));
}

function missingCount(paths: readonly MachinePath[], input: SaleInput): number {
  const coverage = measureCoverage(saleMachine, paths, input as never);
  return coverage.states.missing.length + coverage.transitions.missing.length;
}

/**
 * minimisePaths keeps, shortest first, each path that adds something; a longer path kept later may then cover
 * all an earlier short one did. Dropping those (shortest first) saves a browser run each, coverage unchanged.
 */
function dropRedundant(paths: readonly MachinePath[], input: SaleInput): MachinePath[] {
  const target = missingCount(paths, input);
  let kept = [...paths];
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const without = kept.filter((p) => p !== path);
    if (missingCount(without, input) === target) kept = without;
  }
  return kept;
}

export interface SaleModel {
  paths: SalePath[];
  coverage: MachineCoverage;
}

/** Paths over MODEL_EVENTS: one per edge of the state graph, prefixes dropped, minimised to new coverage. */
export function generateSalePaths(): SaleModel {
  const traversal = { events: eventsFor, input: MODEL_INPUT, serializeState: serializeSaleState } as never;
  const shortest = getShortestPaths(saleMachine, traversal);
  const heads = new Map<string, MachinePathStep[]>();
  const candidates: MachinePath[] = [];
  for (const path of shortest) {
    const steps = stripInit(path.steps);
    heads.set(serializeSaleState(path.state as AnyMachineSnapshot), steps);
    candidates.push({ description: '', steps, state: path.state as AnyMachineSnapshot });
  }
  const adjacency = getAdjacencyMap(saleMachine, traversal) as AdjacencyMap<
    AnyMachineSnapshot,
    AnyEventObject
  >;
  for (const [key, node] of Object.entries(adjacency)) {
    const head = heads.get(key);
    if (!head) continue;
    const edges = Object.values(node.transitions) as Array<{
      event: AnyEventObject;
      state: AnyMachineSnapshot;
    }>;
    for (const edge of edges) {
      candidates.push({ description: '', steps: [...head, edge], state: edge.state });
    }
  }

  return finishPaths(candidates, MODEL_INPUT);
}

/** Prefixes dropped, minimised to new coverage, made concrete and named. */
function finishPaths(candidates: readonly MachinePath[], input: SaleInput): SaleModel {
  // Longest first: a path whose events are a prefix of a kept one adds nothing.
  const keyed = candidates
    .map((c) => ({ path: c, keys: c.steps.map((s) => JSON.stringify(s.event)) }))
    .sort((a, b) => b.keys.length - a.keys.length);
  const prefixes = new Set<string>();
  const kept: MachinePath[] = [];
  for (const { path, keys } of keyed) {
    if (prefixes.has(keys.join('\n'))) continue;
    kept.push(path);
    for (let i = 0; i <= keys.length; i += 1) prefixes.add(keys.slice(0, i).join('\n'));
  }

  const minimal = dropRedundant(minimisePaths(saleMachine, kept, input as never), input);
  const paths = minimal
    .map((path) => {
      const events = path.steps.map((s) => s.event);
      const { initial, steps } = concreteSteps(input, events);
      const title = `${events.map(eventLabel).join(' → ')} ⇒ ${JSON.stringify(steps.at(-1)?.state.value ?? initial.value)}`;
      return { title, input, events, steps, initial };
    })
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  // Two event lists may read alike (e.g. one discount.set of each kind): titles must be unique.
  const seen = new Map<string, number>();
  for (const path of paths) {
    const count = (seen.get(path.title) ?? 0) + 1;
    seen.set(path.title, count);
    if (count > 1) path.title = `${path.title} #${count}`;
  }
  return { paths, coverage: measureCoverage(saleMachine, minimal, input as never) };
}

// ---- /pos/sales/:id: loading a sale first ----------------------------------------------------------------

/**
 * The sale a path loads. Its content is the model's stand-in: the spec opens a real sale and computes the
 * snapshots after loading from that sale (`concreteSteps(input, events, sale)`), so only the id and the shape matter.
 */
export const LOADED_SALE: SaleRecord = {
  id: 1,
  uuid: 'model-loaded',
  status: 1,
  ticket_no: 1,
  daily_ticket_no: 1,
  invoice_no: 'S0001-000001',
  order_at: '2025-01-01T15:00:00.000Z',
  customer: null,
  employee: TECHNICIAN,
  orderEmployees: [
    {
      employee: TECHNICIAN,
      orderItems: [{ ...SERVICE, price: null, quantity: 1, tax_on: 2, indian_tax: '0' }],
    },
  ],
  discount: {},
  payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: CASH_TENDERED }],
};
export const LOAD_REFUSED = { code: 'saleNotFound', message: 'Sale not found.' };
export const LOAD_INPUT: SaleInput = { ...MODEL_INPUT, saleId: LOADED_SALE.id };

const LOAD_EVENTS: readonly AnyEventObject[] = [
  doneEvent('loadSale', LOADED_SALE),
  errorEvent('loadSale', LOAD_REFUSED),
  { type: 'load.retry' },
  { type: 'load.cancel' },
];

/**
 * Paths of /pos/sales/:id up to the ticket: everything from building on is the new sale's exploration, so once
 * the sale is in (or a new one started instead) every snapshot is one node.
 */
export function generateLoadPaths(): SaleModel {
  const serializeState = (snapshot: AnyMachineSnapshot) =>
    ['starting', 'loading', 'loadFailed'].some((mode) => snapshot.matches(mode))
      ? serializeSaleState(snapshot)
      : 'loaded';
  const traversal = { events: LOAD_EVENTS, input: LOAD_INPUT, serializeState } as never;
  const candidates = getShortestPaths(saleMachine, traversal).map((p) => ({
    description: '',
    steps: stripInit(p.steps),
    state: p.state as AnyMachineSnapshot,
  }));
  const adjacency = getAdjacencyMap(saleMachine, traversal) as AdjacencyMap<
    AnyMachineSnapshot,
    AnyEventObject
  >;
  const heads = new Map(candidates.map((c) => [serializeState(c.state), c.steps]));
  for (const [key, node] of Object.entries(adjacency)) {
    const head = heads.get(key);
    if (!head || key === 'loaded') continue;
    for (const edge of Object.values(node.transitions) as MachinePathStep[]) {
      candidates.push({ description: '', steps: [...head, edge], state: edge.state });
    }
  }
  return finishPaths(candidates, LOAD_INPUT);
}
