import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, ROLE } from '../../src/domain/constants';
import type { CatalogItem, CreatedSale, SaleRecord } from '../../src/domain/order-editing';
import type { Employee, Payment, WaitingTicket } from '../../src/domain/order.types';
import { saleMachine } from './sale.machine';
import {
  selectCanComplete,
  selectCanTender,
  selectChangeDue,
  selectEmployeesOnSeveralTickets,
  selectIsBusy,
  selectIsDirty,
  selectIsEditable,
  selectIsOffline,
  selectIsPendingSync,
  selectOfflineCardStatus,
  selectMode,
  selectTotals,
} from './sale.selectors';
import type {
  CheckManagerPinInput,
  CheckManagerPinOutput,
  CreateSaleInput,
  CreateSaleOutput,
  SaleEvent,
  SaleInput,
} from './sale.types';

const ann: Employee = { id: 1, name: 'Ann' };
const bo: Employee = { id: 2, name: 'Bo' };
const gelManicure: CatalogItem = {
  item_id: 10,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Gel manicure',
  taxes: '',
  unit_price: 3000,
};
const pedicure: CatalogItem = {
  item_id: 11,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Pedicure',
  taxes: '',
  unit_price: 4500,
};

const created: CreatedSale = {
  id: 501,
  ticket_no: 12,
  daily_ticket_no: 3,
  invoice_no: 'INV-000012',
  order_at: '2025-03-01T10:00:00.000Z',
};

const cash = (amount: number): Payment => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });
const card = (amount: number, last4 = '4242'): Payment => ({
  payment_type: PAYMENT_TYPE.CREDIT,
  payment_amount: amount,
  payment_info: { reference: last4, last4 },
});

/** Ids id-1, id-2, ... in the order the machine asks for them. */
function counter(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

interface Harness {
  createSaleCalls: CreateSaleInput[];
  pinCalls: CheckManagerPinInput[];
  persisted: WaitingTicket[][];
}

/** The machine with fake actors: createSale answers in turn from `createSaleResults` (Error = rejects). */
function start(
  options: {
    input?: SaleInput;
    createSaleResults?: Array<CreateSaleOutput | Error>;
    pins?: Record<string, CheckManagerPinOutput>;
    sale?: SaleRecord | Error;
  } = {},
) {
  const harness: Harness = { createSaleCalls: [], pinCalls: [], persisted: [] };
  const results = [...(options.createSaleResults ?? [created])];
  const machine = saleMachine.provide({
    actors: {
      createSale: fromPromise<CreateSaleOutput, CreateSaleInput>(async ({ input }) => {
        harness.createSaleCalls.push(input);
        const next = results.shift() ?? created;
        if (next instanceof Error) throw next;
        return next;
      }),
      checkManagerPin: fromPromise<CheckManagerPinOutput, CheckManagerPinInput>(async ({ input }) => {
        harness.pinCalls.push(input);
        const who = options.pins?.[input.pin];
        if (!who) throw Object.assign(new Error('Wrong PIN'), { code: 'pinInvalid' });
        return who;
      }),
      loadSale: fromPromise<SaleRecord, { saleId: number }>(async () => {
        if (!options.sale || options.sale instanceof Error) throw options.sale ?? new Error('no sale');
        return options.sale;
      }),
    },
    actions: {
      persistWaitingTickets: (_, params) => {
        harness.persisted.push(params.tickets);
      },
    },
  });
  const actor = createActor(machine, {
    input: { createId: counter(), now: () => '2025-03-01T09:00:00.000Z', ...options.input },
  });
  actor.start();
  const send = (...events: SaleEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, send, harness };
}

const twoEmployeeTicket: SaleEvent[] = [
  { type: 'employee.add', employee: ann },
  { type: 'line.add', item: gelManicure },
  { type: 'employee.add', employee: bo },
  { type: 'line.add', item: pedicure },
  { type: 'line.add', item: pedicure },
];

describe('sale machine: building the ticket', () => {
  it('starts a new sale with an empty, editable order and a uuid from createId', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ building: 'empty' });
    expect(snapshot.context.order.uuid).toBe('id-1');
    expect(selectIsEditable(snapshot)).toBe(true);
    expect(selectIsDirty(snapshot)).toBe(false);
    expect(selectCanTender(snapshot)).toBe(false);
  });

  it('builds a two-employee ticket: a second tap on an item raises its quantity', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket);
    const snapshot = actor.getSnapshot();
    const { order } = snapshot.context;
    expect(order.employee).toEqual(ann);
    expect(order.orderEmployees.map((g) => g.employee.name)).toEqual(['Ann', 'Bo']);
    expect(order.orderEmployees[1]?.orderItems).toHaveLength(1);
    expect(order.orderEmployees[1]?.orderItems[0]?.quantity).toBe(2);
    expect(snapshot.value).toEqual({ building: 'started' });
    expect(selectIsDirty(snapshot)).toBe(true);
    expect(selectTotals(snapshot).total.total_price).toBe(12000);
  });

  it('refuses a line when no employee is on the ticket', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'line.add', item: gelManicure })).toBe(false);
    actor.send({ type: 'line.add', item: gelManicure });
    expect(actor.getSnapshot().context.order.orderEmployees).toEqual([]);
  });

  it('edits lines: quantity, price override, line discount, tip, ticket discount, customer with membership', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket);
    send(
      { type: 'line.quantity', employeeIndex: 1, itemIndex: 0, delta: -1 },
      { type: 'line.price', employeeIndex: 0, itemIndex: 0, price: 2500 },
      {
        type: 'line.discount',
        employeeIndex: 0,
        itemIndex: 0,
        source: DISCOUNT_SOURCE.ITEM,
        discount: { type: DISCOUNT_TYPE.AMOUNT, value: 500 },
      },
      { type: 'tip.set', userId: 2, amount: 700 },
      { type: 'discount.set', kind: 'ticket', discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } },
      {
        type: 'customer.set',
        customer: {
          id: 9,
          name: 'Cleo',
          membership: { id: 3, name: 'Gold', discount: { type: DISCOUNT_TYPE.AMOUNT, value: 100 } },
        },
      },
    );
    const snapshot = actor.getSnapshot();
    const totals = selectTotals(snapshot);
    // Lines 2500 - 500 and 4500; ticket 10 % of 6500 = 650; membership 100; tip 700.
    expect(totals.total.sub_total).toBe(7000);
    expect(totals.total.discount_amount).toBe(500 + 650 + 100);
    expect(totals.total.total_price).toBe(7000 - 1250 + 700);
    expect(snapshot.context.order.discount.ticket?.approved_by).toBeNull();
  });

  it('keeps a value the domain refuses as an edit error instead of failing the actor', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'line.price', employeeIndex: 0, itemIndex: 0, price: -1 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.error).toMatchObject({ source: 'edit', code: 'invalidPrice' });
    expect(snapshot.context.order.orderEmployees[0]?.orderItems[0]?.price).toBeNull();
  });

  it('adds a booking and a turn as lines', () => {
    const { actor, send } = start();
    send(
      { type: 'employee.add', employee: ann },
      {
        type: 'booking.add',
        booking: {
          id: 70,
          booking_appt_service: [
            { service_id: 10, service_name: 'Gel manicure', taxes: '', unit_price: 3000 },
          ],
        },
      },
      {
        type: 'turn.add',
        turn: {
          id: 80,
          employee: bo,
          service: { id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500 },
        },
      },
    );
    const { order } = actor.getSnapshot().context;
    expect(order.booking?.id).toBe(70);
    expect(order.turn?.id).toBe(80);
    expect(order.orderEmployees.flatMap((g) => g.orderItems.map((l) => l.name))).toEqual([
      'Gel manicure',
      'Pedicure',
    ]);
  });

  it('opens a sale started from the walk-in queue with the turn and every service asked for', () => {
    const turn = {
      id: 81,
      employee: bo,
      service: { id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500 },
    };
    const services = [
      { service_id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500 },
      { service_id: 10, service_name: 'Gel manicure', taxes: '', unit_price: 3000 },
    ];
    const { actor } = start({ input: { turn: { turn, services } } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ building: 'started' })).toBe(true);
    expect(snapshot.context.order.turn?.id).toBe(81);
    expect(snapshot.context.order.orderEmployees.map((g) => g.employee.id)).toEqual([bo.id]);
    expect(snapshot.context.order.orderEmployees[0]?.orderItems.map((l) => l.name)).toEqual([
      'Pedicure',
      'Gel manicure',
    ]);
  });

  it('opens a sale started from the appointment book with each booked line on its technician', () => {
    const booking = {
      id: 300,
      employee: null,
      booking_appt_service: [
        { service_id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500, employee: bo },
        { service_id: 10, service_name: 'Gel manicure', taxes: '', unit_price: 3000, employee: ann },
      ],
    };
    const { actor } = start({ input: { booking } });
    const { order } = actor.getSnapshot().context;
    expect(order.booking?.id).toBe(300);
    expect(order.orderEmployees.map((g) => [g.employee.id, g.orderItems.map((l) => l.name)])).toEqual([
      [bo.id, ['Pedicure']],
      [ann.id, ['Gel manicure']],
    ]);
  });

  it('a booked line with no technician anywhere leaves the new sale empty instead of failing to open it', () => {
    const booking = {
      id: 301,
      employee: null,
      booking_appt_service: [{ service_id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500 }],
    };
    const { actor } = start({ input: { booking } });
    expect(actor.getSnapshot().matches('building')).toBe(true);
    expect(actor.getSnapshot().context.order.booking).toBeNull();
  });

  it('clear keeps the first employee and customer with a new uuid; clear all drops them', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'customer.set', customer: { id: 9, name: 'Cleo' } });
    send({ type: 'order.clear' });
    let { order } = actor.getSnapshot().context;
    expect(order.uuid).toBe('id-2');
    expect(order.orderEmployees).toEqual([{ employee: ann, orderItems: [] }]);
    expect(order.customer?.name).toBe('Cleo');
    send({ type: 'order.clearAll' });
    order = actor.getSnapshot().context.order;
    expect(order.uuid).toBe('id-3');
    expect(order.orderEmployees).toEqual([]);
    expect(order.customer).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ building: 'empty' });
  });
});

describe('sale machine: moving a line to another employee (line.move)', () => {
  const chloe: Employee = { id: 3, name: 'Chloe' };

  it('moves the line with its quantity, price override and discounts in one event, and selects it', () => {
    const { actor, send } = start();
    send(
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: gelManicure },
      { type: 'line.add', item: pedicure },
      { type: 'line.quantity', employeeIndex: 0, itemIndex: 1, delta: 1 },
      { type: 'line.price', employeeIndex: 0, itemIndex: 1, price: 4000 },
      {
        type: 'line.discount',
        employeeIndex: 0,
        itemIndex: 1,
        source: DISCOUNT_SOURCE.ITEM,
        discount: { type: DISCOUNT_TYPE.AMOUNT, value: 500 },
      },
    );
    const before = selectTotals(actor.getSnapshot()).total.total_price;
    const snapshots: number[] = [];
    actor.subscribe((snapshot) => snapshots.push(snapshot.context.order.orderEmployees.length));
    send({ type: 'line.move', employeeIndex: 0, itemIndex: 1, employee: bo });

    const { order, error } = actor.getSnapshot().context;
    expect(error).toBeNull();
    expect(snapshots).toHaveLength(1);
    expect(order.orderEmployees.map((g) => [g.employee.id, g.orderItems.map((l) => l.item_id)])).toEqual([
      [1, [10]],
      [2, [11]],
    ]);
    expect(order.orderEmployees[1]?.orderItems[0]).toMatchObject({
      quantity: 2,
      price: 4000,
      discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 500 } }],
    });
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([1, 0]);
    expect(selectTotals(actor.getSnapshot()).total.total_price).toBe(before);
  });

  it("joins the other employee's line of the same item: its quantity rises, its own price stays", () => {
    const { actor, send } = start();
    send(
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: pedicure },
      { type: 'line.price', employeeIndex: 0, itemIndex: 0, price: 4000 },
      { type: 'employee.add', employee: bo },
      { type: 'line.add', item: pedicure },
      { type: 'line.move', employeeIndex: 0, itemIndex: 0, employee: bo },
    );
    const { order } = actor.getSnapshot().context;
    expect(order.orderEmployees[0]?.orderItems).toEqual([]);
    expect(order.orderEmployees[1]?.orderItems[0]).toMatchObject({ item_id: 11, quantity: 2, price: null });
  });

  it('adds the new employee to the ticket when the line goes to someone not on it yet', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'line.move', employeeIndex: 1, itemIndex: 0, employee: chloe });
    const { order } = actor.getSnapshot().context;
    expect(order.orderEmployees.map((g) => g.employee.id)).toEqual([1, 2, 3]);
    expect(order.orderEmployees[2]?.orderItems[0]).toMatchObject({ item_id: 11, quantity: 2 });
    expect(selectTotals(actor.getSnapshot()).total.total_price).toBe(12000);
  });

  it('refuses a move to the same employee, of a line that does not exist, and while tendering', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket);
    const order = actor.getSnapshot().context.order;
    expect(
      actor.getSnapshot().can({ type: 'line.move', employeeIndex: 0, itemIndex: 0, employee: ann }),
    ).toBe(false);
    send({ type: 'line.move', employeeIndex: 0, itemIndex: 0, employee: ann });
    send({ type: 'line.move', employeeIndex: 0, itemIndex: 5, employee: bo });
    expect(actor.getSnapshot().context.order).toBe(order);
    send({ type: 'tender.start' });
    expect(actor.getSnapshot().can({ type: 'line.move', employeeIndex: 0, itemIndex: 0, employee: bo })).toBe(
      false,
    );
  });
});

describe('sale machine: tendering and completing', () => {
  it('takes a split payment to paid in full, completes, and shows the receipt with the created ids', async () => {
    const { actor, send, harness } = start();
    send(...twoEmployeeTicket, { type: 'tender.start' });
    expect(actor.getSnapshot().value).toEqual({ tendering: 'due' });
    expect(actor.getSnapshot().can({ type: 'employee.add', employee: ann })).toBe(false);

    send({ type: 'payment.set', payment: card(5000) });
    expect(actor.getSnapshot().value).toEqual({ tendering: 'due' });
    expect(selectCanComplete(actor.getSnapshot())).toBe(false);

    send({ type: 'payment.set', payment: cash(8000) });
    expect(actor.getSnapshot().value).toEqual({ tendering: 'paid' });
    expect(selectChangeDue(actor.getSnapshot())).toBe(1000);
    expect(selectCanComplete(actor.getSnapshot())).toBe(true);

    send({ type: 'sale.complete' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const receipt = await waitFor(actor, (s) => s.matches('receipt'));

    expect(harness.createSaleCalls).toHaveLength(1);
    expect(harness.createSaleCalls[0]?.idempotencyKey).toBe('id-2');
    expect(harness.createSaleCalls[0]?.order.payments).toHaveLength(2);
    expect(receipt.context.createdSale).toEqual(created);
    expect(receipt.context.order).toMatchObject({
      id: 501,
      ticket_no: 12,
      daily_ticket_no: 3,
      invoice_no: 'INV-000012',
    });
    expect(selectIsPendingSync(receipt)).toBe(false);
    expect(selectIsDirty(receipt)).toBe(false);
  });

  it('refuses invalid payments: zero, negative, and a card over the balance', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'tender.start' });
    send({ type: 'payment.set', payment: cash(0) });
    expect(actor.getSnapshot().context.error).toEqual({ source: 'payment', code: 'amountNotPositive' });
    send({ type: 'payment.set', payment: cash(-500) });
    expect(actor.getSnapshot().context.error?.code).toBe('amountNotPositive');
    send({ type: 'payment.set', payment: card(12001) });
    expect(actor.getSnapshot().context.error?.code).toBe('exceedsBalanceForNonCash');
    expect(actor.getSnapshot().context.order.payments).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'payment.set', payment: card(12001) })).toBe(true); // refused, not ignored

    send({ type: 'payment.set', payment: cash(20000) });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ tendering: 'paid' });
    expect(selectChangeDue(actor.getSnapshot())).toBe(8000);
  });

  it('removing a payment brings the balance back; tender.back returns to building with the payments kept', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    expect(actor.getSnapshot().value).toEqual({ tendering: 'paid' });
    send({ type: 'payment.remove', paymentType: PAYMENT_TYPE.CASH });
    expect(actor.getSnapshot().value).toEqual({ tendering: 'due' });
    send({ type: 'payment.set', payment: cash(5000) }, { type: 'tender.back' });
    expect(actor.getSnapshot().value).toEqual({ building: 'started' });
    expect(actor.getSnapshot().context.order.payments).toEqual([cash(5000)]);
  });

  it('a failed createSale returns to tendering with the error; the retry reuses the same idempotency key', async () => {
    const failure = Object.assign(new Error('Gateway timeout'), { code: 'network' });
    const { actor, send, harness } = start({ createSaleResults: [failure, created] });
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    send({ type: 'sale.complete' });
    const failed = await waitFor(actor, (s) => s.matches({ tendering: 'failed' }));
    expect(failed.context.error).toEqual({
      source: 'createSale',
      code: 'network',
      message: 'Gateway timeout',
    });
    expect(failed.context.idempotencyKey).toBe('id-2');

    send({ type: 'sale.retry' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(harness.createSaleCalls.map((c) => c.idempotencyKey)).toEqual(['id-2', 'id-2']);
    expect(harness.createSaleCalls[1]?.order.uuid).toBe(harness.createSaleCalls[0]?.order.uuid);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the key when the cashier goes back to the ticket after a failure and completes again', async () => {
    const { actor, send, harness } = start({ createSaleResults: [new Error('boom'), created] });
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    send({ type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches({ tendering: 'failed' }));
    expect(actor.getSnapshot().context.error?.code).toBe('createSaleFailed');
    send({ type: 'tender.back' }, { type: 'tender.start' }, { type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(harness.createSaleCalls.map((c) => c.idempotencyKey)).toEqual(['id-2', 'id-2']);
  });

  it('a new sale after the receipt gets a new uuid and a new idempotency key', async () => {
    const { actor, send, harness } = start();
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    send({ type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    const first = harness.createSaleCalls[0];

    send({ type: 'receipt.done' });
    const fresh = actor.getSnapshot();
    expect(fresh.value).toEqual({ building: 'empty' });
    expect(fresh.context.idempotencyKey).toBeNull();
    expect(fresh.context.createdSale).toBeNull();
    expect(fresh.context.order.uuid).not.toBe(first?.order.uuid);

    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    send({ type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    const second = harness.createSaleCalls[1];
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(second?.order.uuid).toBe(fresh.context.order.uuid);
  });

  it('a sale queued offline shows its receipt marked pending sync', async () => {
    const { actor, send } = start({
      createSaleResults: [{ offline: true, requestId: 'req-7', message: 'Saved offline' }],
    });
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: cash(12000) });
    send({ type: 'sale.complete' });
    const receipt = await waitFor(actor, (s) => s.matches('receipt'));
    expect(selectIsPendingSync(receipt)).toBe(true);
    expect(receipt.context.offlineRequestId).toBe('req-7');
    expect(receipt.context.createdSale).toBeNull();
    expect(receipt.context.order.id).toBeNull();
    expect(selectMode(receipt)).toBe('receipt');
  });
});

describe('sale machine: manager discount needs an approver PIN', () => {
  const pins = {
    '1111': { userId: 5, role: ROLE.STAFF },
    '9999': { userId: 7, role: ROLE.MANAGER },
  } satisfies Record<string, CheckManagerPinOutput>;
  const managerDiscount: SaleEvent = {
    type: 'discount.set',
    kind: 'manager',
    discount: { type: DISCOUNT_TYPE.AMOUNT, value: 1500 },
  };

  it('asks for a PIN, refuses a staff PIN, and applies the discount with the manager as approver', async () => {
    const { actor, send, harness } = start({ pins });
    send(...twoEmployeeTicket, managerDiscount);
    expect(actor.getSnapshot().value).toEqual({ awaitingPin: 'entering' });
    expect(actor.getSnapshot().context.order.discount.manager).toBeUndefined();
    expect(actor.getSnapshot().can({ type: 'line.add', item: gelManicure })).toBe(false);

    send({ type: 'pin.submit', pin: '1111' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const refused = await waitFor(actor, (s) => s.matches({ awaitingPin: 'entering' }));
    expect(refused.context.error).toEqual({ source: 'pin', code: 'pinNotApprover' });
    expect(refused.context.order.discount.manager).toBeUndefined();

    send({ type: 'pin.submit', pin: '9999' });
    const approved = await waitFor(actor, (s) => s.matches('building'));
    expect(approved.context.order.discount.manager).toEqual({
      type: DISCOUNT_TYPE.AMOUNT,
      value: 1500,
      approved_by: 7,
    });
    expect(approved.context.pendingManagerDiscount).toBeNull();
    expect(approved.context.error).toBeNull();
    expect(selectTotals(approved).total.total_price).toBe(10500);
    expect(harness.pinCalls).toEqual([{ pin: '1111' }, { pin: '9999' }]);
    expect(JSON.stringify(approved.context)).not.toContain('9999');
  });

  it('a wrong PIN keeps the dialog open with the error; cancel drops the pending discount', async () => {
    const { actor, send } = start({ pins });
    send(...twoEmployeeTicket, managerDiscount, { type: 'pin.submit', pin: '0000' });
    const wrong = await waitFor(actor, (s) => s.matches({ awaitingPin: 'entering' }));
    expect(wrong.context.error).toEqual({ source: 'pin', code: 'pinInvalid', message: 'Wrong PIN' });
    send({ type: 'pin.cancel' });
    expect(actor.getSnapshot().value).toEqual({ building: 'started' });
    expect(actor.getSnapshot().context.pendingManagerDiscount).toBeNull();
    expect(actor.getSnapshot().context.order.discount.manager).toBeUndefined();
  });

  it('removing a manager discount needs no PIN', async () => {
    const { actor, send } = start({ pins });
    send(...twoEmployeeTicket, managerDiscount, { type: 'pin.submit', pin: '9999' });
    await waitFor(actor, (s) => s.matches('building'));
    send({ type: 'discount.set', kind: 'manager', discount: { type: DISCOUNT_TYPE.AMOUNT, value: 0 } });
    expect(actor.getSnapshot().matches('building')).toBe(true);
    expect(actor.getSnapshot().context.order.discount.manager).toBeUndefined();
  });
});

describe('sale machine: waiting tickets', () => {
  it('parks the ticket (persisting the list) and starts a new sale', () => {
    const { actor, send, harness } = start();
    send(...twoEmployeeTicket);
    const parkedUuid = actor.getSnapshot().context.order.uuid;
    send({ type: 'ticket.park' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ building: 'empty' });
    expect(snapshot.context.waitingTickets).toHaveLength(1);
    expect(snapshot.context.waitingTickets[0]).toMatchObject({
      id: 'id-2',
      saved_at: '2025-03-01T09:00:00.000Z',
    });
    expect(snapshot.context.waitingTickets[0]?.order.uuid).toBe(parkedUuid);
    expect(snapshot.context.order.uuid).toBe('id-3');
    expect(harness.persisted).toEqual([snapshot.context.waitingTickets]);
  });

  it('resumes a parked ticket, re-parks it under the same id, and drops it once its sale is created', async () => {
    const { actor, send, harness } = start();
    send(...twoEmployeeTicket, { type: 'ticket.park' });
    send({ type: 'ticket.resume', ticketId: 'id-2' });
    expect(actor.getSnapshot().context.activeTicketId).toBe('id-2');
    expect(actor.getSnapshot().context.order.orderEmployees).toHaveLength(2);
    send({ type: 'line.add', item: gelManicure, employee: ann }, { type: 'ticket.park' });
    expect(actor.getSnapshot().context.waitingTickets.map((t) => t.id)).toEqual(['id-2']);
    expect(
      actor.getSnapshot().context.waitingTickets[0]?.order.orderEmployees[0]?.orderItems[0]?.quantity,
    ).toBe(2);

    send({ type: 'ticket.resume', ticketId: 'id-2' }, { type: 'tender.start' });
    send({ type: 'payment.set', payment: cash(15000) }, { type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(actor.getSnapshot().context.waitingTickets).toEqual([]);
    expect(harness.persisted.at(-1)).toEqual([]);
  });

  it('does not switch tickets while the current one has items', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'ticket.park' }, ...twoEmployeeTicket);
    expect(actor.getSnapshot().can({ type: 'ticket.resume', ticketId: 'id-2' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ticket.merge', ticketIds: ['id-2'] })).toBe(false);
  });

  it('merges two parked tickets into one new parked ticket, and deletes a ticket', () => {
    const { actor, send, harness } = start();
    send(...twoEmployeeTicket, { type: 'ticket.park' }); // ticket id-2, new order id-3
    send(
      { type: 'employee.add', employee: bo },
      { type: 'line.add', item: pedicure },
      { type: 'ticket.park' },
    ); // id-4
    send(
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: gelManicure },
      { type: 'ticket.park' },
    ); // id-6
    expect(actor.getSnapshot().context.waitingTickets.map((t) => t.id)).toEqual(['id-2', 'id-4', 'id-6']);
    expect(selectEmployeesOnSeveralTickets(actor.getSnapshot()).map((e) => e.name)).toEqual(['Ann', 'Bo']);

    send({ type: 'ticket.merge', ticketIds: ['id-2', 'id-4'] });
    let snapshot = actor.getSnapshot();
    const pedicures = snapshot.context.order.orderEmployees.find((g) => g.employee.id === bo.id)
      ?.orderItems[0];
    expect(pedicures?.quantity).toBe(3);
    // The merged order is parked at once under its own id and is the ticket being worked on.
    expect(snapshot.context.waitingTickets.map((t) => t.id)).toEqual(['id-6', 'id-9']);
    expect(snapshot.context.activeTicketId).toBe('id-9');
    expect(snapshot.context.order.uuid).toBe('id-8');
    expect(selectEmployeesOnSeveralTickets(snapshot).map((e) => e.name)).toEqual(['Ann']);

    send({ type: 'ticket.delete', ticketId: 'id-6' });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.waitingTickets.map((t) => t.id)).toEqual(['id-9']);
    expect(harness.persisted.at(-1)).toBe(snapshot.context.waitingTickets);
  });

  it('refuses to merge an unknown ticket', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket, { type: 'ticket.park' });
    expect(actor.getSnapshot().can({ type: 'ticket.merge', ticketIds: ['id-2', 'nope'] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ticket.merge', ticketIds: [] })).toBe(false);
  });
});

describe('sale machine: loading a sale by id', () => {
  const sale: SaleRecord = {
    id: 42,
    uuid: 'sale-42',
    status: 1,
    ticket_no: 7,
    daily_ticket_no: 2,
    invoice_no: 'INV-000007',
    order_at: '2025-02-28T15:00:00.000Z',
    customer: null,
    employee: ann,
    orderEmployees: [
      {
        employee: ann,
        orderItems: [
          {
            item_id: 10,
            item_type: ITEM_TYPE.SERVICE,
            name: 'Gel manicure',
            taxes: '',
            unit_price: 3000,
            price: null,
            quantity: 1,
            tax_on: 0,
            indian_tax: '0',
          },
        ],
      },
    ],
    discount: {},
    payments: [cash(3000)],
  };

  it('loads the sale, then builds on it with the first employee active', async () => {
    const { actor } = start({ input: { saleId: 42 }, sale });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const loaded = await waitFor(actor, (s) => s.matches('building'));
    expect(loaded.context.order).toMatchObject({
      id: 42,
      uuid: 'sale-42',
      invoice_no: 'INV-000007',
      activeEmployeeIndex: 0,
    });
    expect(loaded.value).toEqual({ building: 'started' });
  });

  it('a failed load can be retried or abandoned for a new sale', async () => {
    const { actor, send } = start({ input: { saleId: 42 }, sale: new Error('Not found') });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error).toEqual({
      source: 'loadSale',
      code: 'loadSaleFailed',
      message: 'Not found',
    });
    send({ type: 'load.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('loadFailed'));
    send({ type: 'load.cancel' });
    expect(actor.getSnapshot().value).toEqual({ building: 'empty' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('sale machine: card payments taken offline (design.md §6)', () => {
  const now = '2025-03-01T09:00:00.000Z';
  const limits = { perTicket: 5000, total: 8000 };
  /** Offline, on the 120.00 two-employee ticket, in tendering. */
  function offlineTendering(input: SaleInput = { offlineCardLimits: limits }) {
    const started = start({ input });
    started.send({ type: 'connectivity.change', online: false }, ...twoEmployeeTicket, {
      type: 'tender.start',
    });
    return started;
  }

  it('records a card payment taken offline with payment_info.offline and the time it was taken', () => {
    const { actor, send } = offlineTendering();
    expect(selectIsOffline(actor.getSnapshot())).toBe(true);
    send({ type: 'payment.set', payment: card(3000) });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.order.payments).toEqual([
      {
        payment_type: PAYMENT_TYPE.CREDIT,
        payment_amount: 3000,
        payment_info: { reference: '4242', last4: '4242', offline: true, taken_at: now },
      },
    ]);
  });

  it('online, takes a card payment as given, unmarked and unlimited by the offline limits', () => {
    const { actor, send } = start({ input: { offlineCardLimits: limits } });
    send(...twoEmployeeTicket, { type: 'tender.start' }, { type: 'payment.set', payment: card(12000) });
    expect(actor.getSnapshot().context.order.payments).toEqual([card(12000)]);
    expect(actor.getSnapshot().value).toEqual({ tendering: 'paid' });
  });

  it('offline, cash is not a card: taken as given', () => {
    const { actor, send } = offlineTendering();
    send({ type: 'payment.set', payment: cash(12000) });
    expect(actor.getSnapshot().context.order.payments).toEqual([cash(12000)]);
  });

  it('refuses a card over the per-ticket limit, saying the limit and what is left; the rest fits', () => {
    const { actor, send } = offlineTendering();
    send({ type: 'payment.set', payment: card(3000, '1111') });
    send({ type: 'payment.set', payment: card(3000, '2222') });
    expect(actor.getSnapshot().context.error).toEqual({
      source: 'payment',
      code: 'offlineCardLimit',
      offlineCard: { exceeded: 'perTicket', limit: 5000, left: 2000 },
    });
    expect(actor.getSnapshot().context.order.payments).toHaveLength(1);

    send({ type: 'payment.set', payment: card(2000, '2222') });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.order.payments.map((p) => p.payment_amount)).toEqual([3000, 2000]);
  });

  it('does not count the payment a new one replaces: the same card raised from 30.00 to 50.00 fits', () => {
    const { actor, send } = offlineTendering();
    send({ type: 'payment.set', payment: card(3000) }, { type: 'payment.set', payment: card(5000) });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.order.payments.map((p) => p.payment_amount)).toEqual([5000]);
  });

  it('counts the offline card payments of other tickets still unsynced against the total limit', () => {
    const { actor, send } = offlineTendering();
    send({ type: 'offlineCard.status', limits: { perTicket: 20_000, total: 10_000 }, unsynced: 8000 });
    send({ type: 'payment.set', payment: card(3000) });
    expect(actor.getSnapshot().context.error).toEqual({
      source: 'payment',
      code: 'offlineCardLimit',
      offlineCard: { exceeded: 'total', limit: 10_000, left: 2000 },
    });
    send({ type: 'payment.set', payment: card(2000) });
    expect(actor.getSnapshot().context.order.payments).toHaveLength(1);
    expect(selectOfflineCardStatus(actor.getSnapshot())).toEqual({
      limits: { perTicket: 20_000, total: 10_000 },
      onTicket: 2000,
      unsynced: 8000,
      room: { perTicket: 18_000, total: 0, allowed: 0 },
    });
  });

  it('takes no card payment offline until the app gives the store limits (0 = none allowed offline)', () => {
    const { actor, send } = offlineTendering({});
    send({ type: 'payment.set', payment: card(100) });
    expect(actor.getSnapshot().context.error?.offlineCard).toEqual({
      exceeded: 'perTicket',
      limit: 0,
      left: 0,
    });
    expect(actor.getSnapshot().context.order.payments).toEqual([]);
  });

  it('checks the payment itself first: a card over the balance is refused for that, not for the limit', () => {
    const { actor, send } = offlineTendering();
    send({ type: 'payment.set', payment: card(12001) });
    expect(actor.getSnapshot().context.error).toEqual({
      source: 'payment',
      code: 'exceedsBalanceForNonCash',
    });
  });

  it('holds a card the screen marked offline while online to the same limits', () => {
    const { actor, send } = start({ input: { offlineCardLimits: limits } });
    send(...twoEmployeeTicket, { type: 'tender.start' });
    const marked = { ...card(6000), payment_info: { reference: '4242', last4: '4242', offline: true } };
    send({ type: 'payment.set', payment: marked });
    expect(actor.getSnapshot().context.error?.code).toBe('offlineCardLimit');
    send({ type: 'payment.set', payment: { ...marked, payment_amount: 4000 } });
    expect(actor.getSnapshot().context.order.payments[0]?.payment_info).toMatchObject({
      offline: true,
      taken_at: now,
    });
  });

  it('keeps an offline card payment offline once the till is back online, and completes with it', async () => {
    const { actor, send, harness } = offlineTendering();
    send({ type: 'payment.set', payment: card(4000) }, { type: 'connectivity.change', online: true });
    expect(selectIsOffline(actor.getSnapshot())).toBe(false);
    send({ type: 'payment.set', payment: cash(8000) }, { type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(harness.createSaleCalls[0]?.order.payments[0]?.payment_info).toMatchObject({ offline: true });
  });

  it('accepts connectivity and queue reports in every mode, and ignores a report it cannot count with', () => {
    const { actor, send } = start();
    send({ type: 'offlineCard.status', limits: { perTicket: 20_000, total: 100_000 }, unsynced: 3500 });
    send({ type: 'connectivity.change', online: false });
    expect(actor.getSnapshot().context).toMatchObject({
      online: false,
      offlineCardLimits: { perTicket: 20_000, total: 100_000 },
      unsyncedOfflineCard: 3500,
    });
    for (const unsynced of [-1, 1.5, Number.NaN]) {
      send({ type: 'offlineCard.status', limits: { perTicket: 1, total: 1 }, unsynced });
    }
    send({ type: 'offlineCard.status', limits: { perTicket: -5, total: 1 }, unsynced: 0 });
    expect(actor.getSnapshot().context.unsyncedOfflineCard).toBe(3500);
    expect(actor.getSnapshot().context.offlineCardLimits.perTicket).toBe(20_000);
  });

  it('counts a sale queued offline with its card payments as unsynced for the next ticket', async () => {
    const { actor, send } = start({
      input: { offlineCardLimits: limits },
      createSaleResults: [{ offline: true, requestId: '12' }],
    });
    send({ type: 'offlineCard.status', limits, unsynced: 1000 });
    send({ type: 'connectivity.change', online: false }, ...twoEmployeeTicket, { type: 'tender.start' });
    send({ type: 'payment.set', payment: card(4000) }, { type: 'payment.set', payment: cash(8000) });
    send({ type: 'sale.complete' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(actor.getSnapshot().context.unsyncedOfflineCard).toBe(5000);
    send({ type: 'receipt.done' }, ...twoEmployeeTicket, { type: 'tender.start' });
    send({ type: 'payment.set', payment: card(3500) });
    expect(actor.getSnapshot().context.error?.offlineCard).toEqual({
      exceeded: 'total',
      limit: 8000,
      left: 3000,
    });
  });

  it('starts offline when the app says so', () => {
    const { actor } = start({ input: { online: false } });
    expect(selectIsOffline(actor.getSnapshot())).toBe(true);
  });

  it('memoises the offline card status by order, limits and unsynced sum', () => {
    const { actor, send } = offlineTendering();
    const first = selectOfflineCardStatus(actor.getSnapshot());
    send({ type: 'connectivity.change', online: false });
    expect(selectOfflineCardStatus(actor.getSnapshot())).toBe(first);
    send({ type: 'offlineCard.status', limits, unsynced: 100 });
    expect(selectOfflineCardStatus(actor.getSnapshot())).not.toBe(first);
  });
});

describe('sale selectors', () => {
  it('memoise the totals by order reference', () => {
    const { actor, send } = start();
    send(...twoEmployeeTicket);
    const first = selectTotals(actor.getSnapshot());
    send({ type: 'employee.select', employeeIndex: 5 }); // refused: no such group, order unchanged
    expect(selectTotals(actor.getSnapshot())).toBe(first);
    send({ type: 'line.quantity', employeeIndex: 0, itemIndex: 0, delta: 1 });
    expect(selectTotals(actor.getSnapshot())).not.toBe(first);
  });
});

describe('sale machine without provided actors', () => {
  it('fails the completion with a clear error rather than pretending to save', async () => {
    const actor = createActor(saleMachine, { input: { createId: counter() } }).start();
    for (const event of [
      ...twoEmployeeTicket,
      { type: 'tender.start' },
      { type: 'payment.set', payment: cash(12000) },
    ] as SaleEvent[]) {
      actor.send(event);
    }
    actor.send({ type: 'sale.complete' });
    const failed = await waitFor(actor, (s) => s.matches({ tendering: 'failed' }));
    expect(failed.context.error?.message).toContain("'createSale' actor must be provided");
  });
});
