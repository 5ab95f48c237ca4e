import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ACTION_MODE, SALE_STATUS } from '../../src/domain/constants';
import { saleManagementMachine } from './sale-management.machine';
import {
  selectCanClose,
  selectError,
  selectForm,
  selectInvoice,
  selectIsBusy,
  selectIsModalOpen,
  selectModalStep,
  selectMode,
  selectOfferedModes,
  selectQueued,
  selectSale,
} from './sale-management.selectors';
import type {
  CheckManagerPinInput,
  CheckManagerPinOutput,
  ManagedSale,
  SaleInvoice,
  SubmitActionInput,
  SubmitActionOutput,
} from './sale-management.types';

const TZ = 'America/Los_Angeles';
const ORDER_AT = '2026-01-10T07:30:00.000Z'; // 23:30 on 9 January in Los Angeles
const SAME_EVENING = new Date('2026-01-10T07:50:00.000Z');
const NEXT_DAY = new Date('2026-01-10T18:00:00.000Z');

const aSale = (extra: Partial<ManagedSale> = {}): ManagedSale => ({
  id: 42,
  status: SALE_STATUS.SALE,
  statusBeforeTrash: null,
  orderAt: ORDER_AT,
  hasRefund: false,
  ...extra,
});

interface Pending<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

/** Fake actors that record each call and wait for the test to settle them. */
function harness(sale: ManagedSale | null = aSale()) {
  const pinChecks: Array<Pending<CheckManagerPinInput, CheckManagerPinOutput>> = [];
  const submissions: Array<Pending<SubmitActionInput, SubmitActionOutput>> = [];
  const clock = new SimulatedClock();
  const machine = saleManagementMachine.provide({
    actors: {
      checkManagerPin: fromPromise<CheckManagerPinOutput, CheckManagerPinInput>(
        ({ input }) => new Promise((resolve, reject) => pinChecks.push({ input, resolve, reject })),
      ),
      submitAction: fromPromise<SubmitActionOutput, SubmitActionInput>(
        ({ input }) => new Promise((resolve, reject) => submissions.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: { timeZone: TZ, sale }, clock }).start();
  const open = (mode: (typeof ACTION_MODE)[keyof typeof ACTION_MODE], now = SAME_EVENING) =>
    actor.send({ type: 'mode.open', mode: mode as Exclude<typeof mode, 'none'>, now, intentId: 'intent-7' });
  return { actor, clock, pinChecks, submissions, open };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sale management modes', () => {
  it('offers only the modes the sale status allows', () => {
    const { actor } = harness(aSale({ status: SALE_STATUS.VOID }));
    const offered = selectOfferedModes(actor.getSnapshot(), SAME_EVENING);
    expect(offered).toContain(ACTION_MODE.REPRINT);
    expect(offered).toContain(ACTION_MODE.REMOVE);
    expect(offered).not.toContain(ACTION_MODE.REFUND);
    expect(offered).not.toContain(ACTION_MODE.VOID);
    expect(offered).not.toContain(ACTION_MODE.RESTORE);
  });

  it('refuses to open a refund of a voided sale', () => {
    const { actor, open } = harness(aSale({ status: SALE_STATUS.VOID }));
    open(ACTION_MODE.REFUND);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectMode(actor.getSnapshot())).toBe(ACTION_MODE.NONE);
  });

  it('refuses to open a void the day after the sale, and after a partial refund', () => {
    const nextDay = harness();
    nextDay.open(ACTION_MODE.VOID, NEXT_DAY);
    expect(nextDay.actor.getSnapshot().value).toBe('idle');

    const refunded = harness(aSale({ hasRefund: true }));
    refunded.open(ACTION_MODE.VOID);
    expect(refunded.actor.getSnapshot().value).toBe('idle');
  });

  it('follows the loaded sale: a trashed sale can be restored, not refunded', () => {
    const { actor } = harness(null);
    expect(selectOfferedModes(actor.getSnapshot(), SAME_EVENING)).not.toContain(ACTION_MODE.RESTORE);
    actor.send({
      type: 'sale.loaded',
      sale: aSale({ status: SALE_STATUS.TRASH, statusBeforeTrash: SALE_STATUS.SALE }),
    });
    const offered = selectOfferedModes(actor.getSnapshot(), SAME_EVENING);
    expect(offered).toContain(ACTION_MODE.RESTORE);
    expect(offered).toContain(ACTION_MODE.CLEAR_TRASH_ONE);
    expect(offered).not.toContain(ACTION_MODE.REFUND);
  });

  it('opens store-wide modes with no sale chosen', () => {
    const { actor, open } = harness(null);
    expect(selectOfferedModes(actor.getSnapshot(), SAME_EVENING)).toEqual(
      expect.arrayContaining([ACTION_MODE.CLEAR_TRASH_ALL, ACTION_MODE.PRINT_REPORT, ACTION_MODE.PAYROLL]),
    );
    open(ACTION_MODE.TIP);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('runs a refund through form, confirmation and a manager PIN, and submits it with the approval', async () => {
    const { actor, open, pinChecks, submissions } = harness();
    open(ACTION_MODE.REFUND);
    expect(selectModalStep(actor.getSnapshot())).toBe('editing');
    expect(selectIsModalOpen(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'form.submit' }); // nothing filled in yet
    expect(selectModalStep(actor.getSnapshot())).toBe('editing');
    actor.send({ type: 'form.change', values: { lines: [{ employee_id: 3, item_id: 11, quantity: 1 }] } });
    actor.send({ type: 'form.change', values: { full: false } });
    actor.send({ type: 'form.submit' });
    expect(selectModalStep(actor.getSnapshot())).toBe('confirming');

    actor.send({ type: 'action.confirm' });
    expect(selectModalStep(actor.getSnapshot())).toBe('authorising');
    actor.send({ type: 'pin.submit', pin: '2468' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(pinChecks[0]?.input).toEqual({ pin: '2468' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('2468');

    pinChecks[0]?.resolve({ role: 'manager', name: 'Mia' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('submitting');
    expect(submissions[0]?.input).toEqual({
      mode: ACTION_MODE.REFUND,
      saleId: 42,
      form: { lines: [{ employee_id: 3, item_id: 11, quantity: 1 }], full: false },
      approvedBy: { role: 'manager', name: 'Mia' },
      intentId: 'intent-7',
    });

    submissions[0]?.resolve({ sale: aSale({ hasRefund: true }), message: 'Refunded.' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('done');
    expect(selectSale(actor.getSnapshot())?.hasRefund).toBe(true);
  });

  it('keeps the mode open with an error when the PIN is rejected, and lets the user try again', async () => {
    const { actor, open, pinChecks } = harness();
    open(ACTION_MODE.VOID);
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'pin.submit', pin: '0000' });
    pinChecks[0]?.reject(new Error('Wrong PIN'));
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('authorising');
    expect(selectMode(actor.getSnapshot())).toBe(ACTION_MODE.VOID);
    expect(selectError(actor.getSnapshot())).toEqual({
      code: 'sale_management.pin_rejected',
      message: 'Wrong PIN',
    });

    actor.send({ type: 'pin.submit', pin: '1111' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    pinChecks[1]?.resolve({ role: 'staff', name: 'Sam' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('authorising');
    expect(selectError(actor.getSnapshot())?.code).toBe('sale_management.not_approver');
  });

  it('cannot be closed while the action is being submitted', async () => {
    const { actor, open } = harness();
    open(ACTION_MODE.REPRINT);
    expect(selectModalStep(actor.getSnapshot())).toBe('submitting');
    expect(selectCanClose(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'mode.close' });
    expect(selectModalStep(actor.getSnapshot())).toBe('submitting');
  });

  it('retries a failed action with the same intent id and approval, and shows the server error', async () => {
    const { actor, open, pinChecks, submissions } = harness();
    open(ACTION_MODE.REMOVE);
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'pin.submit', pin: '2468' });
    pinChecks[0]?.resolve({ role: 'owner', name: 'Olga' });
    await settle();
    submissions[0]?.reject({ code: 'network', message: 'Server unavailable' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())).toEqual({ code: 'network', message: 'Server unavailable' });

    actor.send({ type: 'action.retry' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(submissions).toHaveLength(2);
    expect(submissions[1]?.input).toEqual(submissions[0]?.input);
    expect(pinChecks).toHaveLength(1);
  });

  it('a void the offline queue took is shown as waiting to be sent, the sale kept as it was, until closed', async () => {
    const { actor, clock, open, pinChecks, submissions } = harness();
    open(ACTION_MODE.VOID);
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'pin.submit', pin: '2468' });
    pinChecks[0]?.resolve({ role: 'manager', name: 'Mia' });
    await settle();
    submissions[0]?.resolve({ queued: { requestId: '31' } });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(selectModalStep(snapshot)).toBe('queued');
    expect(selectQueued(snapshot)).toEqual({ requestId: '31' });
    // Not voided: the server has not heard of it yet.
    expect(selectSale(snapshot)).toEqual(aSale());
    expect(selectIsBusy(snapshot)).toBe(false);
    // Unlike `done`, it does not close by itself: the cashier must read that it is not done yet.
    clock.increment(60_000);
    expect(selectModalStep(actor.getSnapshot())).toBe('queued');
    expect(selectCanClose(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'mode.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectQueued(actor.getSnapshot())).toBeNull();
  });

  it('restores after a confirmation without a PIN', () => {
    const { actor, open, pinChecks, submissions } = harness(
      aSale({ status: SALE_STATUS.TRASH, statusBeforeTrash: SALE_STATUS.SALE }),
    );
    open(ACTION_MODE.RESTORE);
    expect(selectModalStep(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'action.confirm' });
    expect(selectModalStep(actor.getSnapshot())).toBe('submitting');
    expect(pinChecks).toHaveLength(0);
    expect(submissions[0]?.input.approvedBy).toBeNull();
  });

  it('closes a finished action by itself after a moment, back to no mode', async () => {
    const { actor, clock, open, submissions } = harness();
    open(ACTION_MODE.REPRINT);
    submissions[0]?.resolve({ message: 'Sent.' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('done');
    clock.increment(1500);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      mode: ACTION_MODE.NONE,
      result: null,
      intentId: null,
    });
  });

  it('keeps the loaded invoice on screen until it is closed, and closes only then', async () => {
    const { actor, clock, open, submissions } = harness();
    open(ACTION_MODE.INVOICE);
    expect(selectModalStep(actor.getSnapshot())).toBe('submitting');
    expect(submissions[0]?.input).toMatchObject({ mode: ACTION_MODE.INVOICE, saleId: 42, form: null });
    const invoice = { printed_payments: [{ payment_type: 1, amount: 2000 }] } as unknown as SaleInvoice;
    submissions[0]?.resolve({ invoice });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('done');
    clock.increment(60_000);
    expect(selectModalStep(actor.getSnapshot())).toBe('done');
    expect(selectInvoice(actor.getSnapshot())).toBe(invoice);
    expect(selectSale(actor.getSnapshot())?.id).toBe(42);

    actor.send({ type: 'mode.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectInvoice(actor.getSnapshot())).toBeNull();
  });

  it('opens save all changes with the changes gathered elsewhere, confirms, then submits them for no sale', async () => {
    const { actor, submissions } = harness(null);
    const changes = [{ id: 7, order_at: '2026-01-10T15:00:00.000Z' }];
    actor.send({
      type: 'mode.open',
      mode: ACTION_MODE.SAVE_ALL_CHANGES,
      now: SAME_EVENING,
      intentId: 'intent-9',
      form: { changes },
    });
    expect(selectModalStep(actor.getSnapshot())).toBe('confirming');
    expect(selectForm(actor.getSnapshot())).toEqual({ changes });
    actor.send({ type: 'action.confirm' });
    expect(submissions[0]?.input).toEqual({
      mode: ACTION_MODE.SAVE_ALL_CHANGES,
      saleId: null,
      form: { changes },
      approvedBy: null,
      intentId: 'intent-9',
    });
  });

  it('cancels a mode from its form, clearing what was typed', () => {
    const { actor, open } = harness();
    open(ACTION_MODE.TIP);
    actor.send({ type: 'form.change', values: { amount: 500 } });
    actor.send({ type: 'mode.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.form).toBeNull();
  });

  it('fails loudly when the app forgot to provide the actors', async () => {
    const actor = createActor(saleManagementMachine, { input: { timeZone: TZ, sale: aSale() } }).start();
    actor.send({ type: 'mode.open', mode: ACTION_MODE.REPRINT, now: SAME_EVENING, intentId: 'x' });
    await settle();
    expect(selectModalStep(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())?.message).toContain("the 'submitAction' actor must be provided");
  });
});
