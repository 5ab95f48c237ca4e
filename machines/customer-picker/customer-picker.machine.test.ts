import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DISCOUNT_TYPE } from '../../src/domain/constants';
import { customerPickerMachine } from './customer-picker.machine';
import { formFromQuery, pickerError, SEARCH_DELAY_MS, validateForm } from './customer-picker.rules';
import {
  selectCanClose,
  selectFieldProblem,
  selectPickerView,
  selectQueuedSave,
  selectSearchStatus,
  selectTotal,
  selectTotalCapped,
} from './customer-picker.selectors';
import type {
  CreateCustomerInput,
  CustomerChosenEvent,
  CustomerDetail,
  CustomerListItem,
  CustomerPage,
  OfflineQueued,
  SearchCustomersInput,
  UpdateCustomerInput,
} from './customer-picker.types';

const gold = {
  id: 2,
  name: 'Gold',
  discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 },
  points_per_unit: 1,
  points_unit_amount: 100,
};
const cleo: CustomerListItem = {
  id: 9,
  first_name: 'Cleo',
  last_name: 'Ray',
  name: 'Cleo Ray',
  phone: '2125551001',
  email: null,
  birthday: null,
  point_balance: 120,
  membership: gold,
};
const cleoDetail: CustomerDetail = {
  ...cleo,
  email: 'cleo@example.com',
  birthday: '1990-04-02',
  notes: 'Likes red',
  is_active: true,
  store_id: 1,
  giftcards: [],
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
};
const form = {
  first_name: 'Dana',
  last_name: 'Vo',
  phone: '(212) 555-0199',
  email: '',
  birthday: '',
  notes: '',
};

interface Deferred<T> {
  input: unknown;
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function harness() {
  const searches: Array<Deferred<CustomerPage>> = [];
  const creates: Array<Deferred<CustomerDetail | OfflineQueued>> = [];
  const updates: Array<Deferred<CustomerDetail | OfflineQueued>> = [];
  const loads: Array<Deferred<CustomerDetail>> = [];
  const pending =
    <I, T>(list: Array<Deferred<T>>) =>
    ({ input, signal }: { input: I; signal: AbortSignal }) =>
      new Promise<T>((resolve, reject) => list.push({ input, signal, resolve, reject }));
  let keys = 0;
  const clock = new SimulatedClock();
  const machine = customerPickerMachine.provide({
    actors: {
      searchCustomers: fromPromise(pending<SearchCustomersInput, CustomerPage>(searches)),
      loadCustomer: fromPromise(pending<{ customerId: number }, CustomerDetail>(loads)),
      createCustomer: fromPromise(pending<CreateCustomerInput, CustomerDetail | OfflineQueued>(creates)),
      updateCustomer: fromPromise(pending<UpdateCustomerInput, CustomerDetail | OfflineQueued>(updates)),
    },
  });
  const actor = createActor(machine, { input: { createId: () => `key-${++keys}` }, clock });
  const chosen: CustomerChosenEvent[] = [];
  actor.on('customer.chosen', (event) => chosen.push(event));
  actor.start();
  return { actor, clock, searches, creates, updates, loads, chosen };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('customer picker: search', () => {
  it('searches once the typing pauses, with the trimmed query', () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: ' cl' });
    clock.increment(SEARCH_DELAY_MS - 1);
    expect(searches).toHaveLength(0);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('waiting');
    clock.increment(1);
    expect(searches.map((s) => s.input)).toEqual([{ search: 'cl' }]);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('searching');
  });

  it('a keystroke during the wait restarts it, so a fast typist causes one search', () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cl' });
    clock.increment(200);
    actor.send({ type: 'query.change', query: 'cle' });
    clock.increment(200);
    actor.send({ type: 'query.change', query: 'cleo' });
    clock.increment(SEARCH_DELAY_MS);
    expect(searches.map((s) => s.input)).toEqual([{ search: 'cleo' }]);
  });

  it('typing while a search runs cancels it, so an old answer never replaces a newer one', async () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cl' });
    clock.increment(SEARCH_DELAY_MS);
    actor.send({ type: 'query.change', query: 'cleo' });
    expect(searches[0]?.signal.aborted).toBe(true);
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [], total: 0 });
    searches[1]?.resolve({ items: [cleo], total: 1 });
    await flush();
    expect(actor.getSnapshot().context.results).toEqual([cleo]);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('results');
  });

  it('a capped answer says more customers match than its total; the next exact answer does not', async () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'ng' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [cleo], total: 100, total_capped: true });
    await flush();
    expect([selectTotal(actor.getSnapshot()), selectTotalCapped(actor.getSnapshot())]).toEqual([100, true]);
    actor.send({ type: 'query.change', query: 'cleo' });
    clock.increment(SEARCH_DELAY_MS);
    // An answer without the flag (cached before it existed) is an exact count.
    searches[1]?.resolve({ items: [cleo], total: 1 });
    await flush();
    expect([selectTotal(actor.getSnapshot()), selectTotalCapped(actor.getSnapshot())]).toEqual([1, false]);
    actor.send({ type: 'query.change', query: '' });
    expect(selectTotalCapped(actor.getSnapshot())).toBe(false);
  });

  it('one character or a cleared box searches nothing and empties the list', async () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cl' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [cleo], total: 1 });
    await flush();
    actor.send({ type: 'query.change', query: 'c' });
    clock.increment(SEARCH_DELAY_MS);
    expect(searches).toHaveLength(1);
    expect(actor.getSnapshot().context.results).toEqual([]);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('idle');
  });

  it('a failed search says why and can be retried', async () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cl' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.reject({ status: 0, kind: 'network', message: 'Unable to connect to server.' });
    await flush();
    expect(selectSearchStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('api.errors.network');
    actor.send({ type: 'search.retry' });
    expect(searches).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('customer picker: choosing', () => {
  it('picking a listed customer tells the order who it is, with points and membership discount', async () => {
    const { actor, clock, searches, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cleo' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [cleo], total: 1 });
    await flush();
    actor.send({ type: 'customer.select', customer: cleo });
    expect(chosen).toEqual([
      {
        type: 'customer.chosen',
        customer: {
          id: 9,
          name: 'Cleo Ray',
          telephone: '2125551001',
          point_balance: 120,
          membership: { id: 2, name: 'Gold', discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } },
        },
      },
    ]);
    expect(selectPickerView(actor.getSnapshot())).toBe('closed');
  });

  it('a customer who is not in the results cannot be picked', () => {
    const { actor, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.select', customer: cleo });
    expect(chosen).toEqual([]);
    expect(selectPickerView(actor.getSnapshot())).toBe('search');
  });

  it('opening again starts a fresh search', async () => {
    const { actor, clock, searches } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cleo' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [cleo], total: 1 });
    await flush();
    actor.send({ type: 'picker.close' });
    actor.send({ type: 'picker.open' });
    expect(actor.getSnapshot().context).toMatchObject({ query: '', results: [], total: 0 });
  });
});

describe('customer picker: create and edit', () => {
  it('a new customer starts from the searched phone or name', () => {
    expect(formFromQuery('212-555-0199').phone).toBe('212-555-0199');
    expect(formFromQuery('Dana  Vo Thi')).toMatchObject({ first_name: 'Dana', last_name: 'Vo Thi' });
    const { actor } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'Dana Vo' });
    actor.send({ type: 'customer.new' });
    expect(actor.getSnapshot().context.form).toMatchObject({ first_name: 'Dana', last_name: 'Vo' });
    expect(selectPickerView(actor.getSnapshot())).toBe('form');
  });

  it('a form without a first name is refused before sending, and what was typed stays', () => {
    const { actor, creates } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form: { ...form, first_name: ' ', phone: '12' } });
    expect(creates).toHaveLength(0);
    const snapshot = actor.getSnapshot();
    expect(selectFieldProblem(snapshot, 'first_name')?.code).toBe(
      'saleExtras.customer.errors.firstNameRequired',
    );
    expect(selectFieldProblem(snapshot, 'phone')?.code).toBe('saleExtras.customer.errors.phoneInvalid');
    expect(snapshot.context.form.phone).toBe('12');
  });

  it('creating sends the trimmed form with a key, attaches the new customer and closes', async () => {
    const { actor, creates, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form: { ...form, first_name: ' Dana ' } });
    expect(creates[0]?.input).toEqual({ form: { ...form, first_name: 'Dana' }, idempotencyKey: 'key-1' });
    expect(actor.getSnapshot().can({ type: 'picker.close' })).toBe(false);
    creates[0]?.resolve({ ...cleoDetail, id: 10, name: 'Dana Vo', phone: '2125550199', membership: null });
    await flush();
    expect(chosen.map((e) => e.customer)).toEqual([
      { id: 10, name: 'Dana Vo', telephone: '2125550199', point_balance: 120, membership: null },
    ]);
    expect(selectPickerView(actor.getSnapshot())).toBe('closed');
  });

  it('a retry of the same form sends the same key; a changed form gets a new one', async () => {
    const { actor, creates } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form });
    creates[0]?.reject({ status: 0, kind: 'timeout', message: 'The server took too long.' });
    await flush();
    expect(actor.getSnapshot().context.error?.code).toBe('api.errors.timeout');
    actor.send({ type: 'customer.save', form });
    creates[1]?.reject({
      status: 422,
      message: 'A customer with this phone number already exists.',
      errors: { phone: ['A customer with this phone number already exists.'] },
    });
    await flush();
    expect(selectFieldProblem(actor.getSnapshot(), 'phone')?.code).toBe(
      'saleExtras.customer.errors.phoneTaken',
    );
    actor.send({ type: 'customer.save', form: { ...form, phone: '212-555-0198' } });
    expect(creates.map((c) => (c.input as CreateCustomerInput).idempotencyKey)).toEqual([
      'key-1',
      'key-1',
      'key-2',
    ]);
  });

  it('editing loads the customer, fills the form and saves to that customer', async () => {
    const { actor, loads, updates, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.edit', customerId: 9 });
    expect(selectPickerView(actor.getSnapshot())).toBe('loading');
    expect(loads[0]?.input).toEqual({ customerId: 9 });
    loads[0]?.resolve(cleoDetail);
    await flush();
    expect(actor.getSnapshot().context.form).toEqual({
      first_name: 'Cleo',
      last_name: 'Ray',
      phone: '2125551001',
      email: 'cleo@example.com',
      birthday: '1990-04-02',
      notes: 'Likes red',
    });
    actor.send({ type: 'customer.save', form: { ...actor.getSnapshot().context.form, last_name: 'Rae' } });
    expect(updates[0]?.input).toMatchObject({ customerId: 9, idempotencyKey: 'key-1' });
    updates[0]?.resolve({ ...cleoDetail, last_name: 'Rae', name: 'Cleo Rae' });
    await flush();
    expect(chosen[0]?.customer.name).toBe('Cleo Rae');
  });

  it('a customer that cannot be loaded says so; retry or go back to the results', async () => {
    const { actor, clock, searches, loads } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'query.change', query: 'cleo' });
    clock.increment(SEARCH_DELAY_MS);
    searches[0]?.resolve({ items: [cleo], total: 1 });
    await flush();
    actor.send({ type: 'customer.edit', customerId: 9 });
    loads[0]?.reject({ status: 404, message: 'Customer not found.' });
    await flush();
    expect(selectPickerView(actor.getSnapshot())).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.code).toBe('saleExtras.customer.errors.notFound');
    actor.send({ type: 'load.retry' });
    expect(loads).toHaveLength(2);
    actor.send({ type: 'edit.cancel' });
    expect(selectSearchStatus(actor.getSnapshot())).toBe('results');
    expect(actor.getSnapshot().context.results).toEqual([cleo]);
  });
});

describe('customer picker: saved offline (the request queue answered)', () => {
  const queued: OfflineQueued = { offline: true, requestId: '17', message: 'Request saved offline.' };

  it('a new customer saved offline is attached to nothing: the picker says it will be created later', async () => {
    const { actor, creates, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form });
    creates[0]?.resolve(queued);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(chosen).toEqual([]);
    expect(selectPickerView(snapshot)).toBe('queued');
    expect(selectQueuedSave(snapshot)).toEqual({ kind: 'create', requestId: '17', name: 'Dana Vo' });
    expect(selectCanClose(snapshot)).toBe(true);
    actor.send({ type: 'picker.close' });
    expect(selectPickerView(actor.getSnapshot())).toBe('closed');
    expect(selectQueuedSave(actor.getSnapshot())).toBeNull();
  });

  it('a new save after a queued one is a new intent with a new key', async () => {
    const { actor, creates } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form });
    creates[0]?.resolve(queued);
    await flush();
    actor.send({ type: 'picker.close' });
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.new' });
    actor.send({ type: 'customer.save', form });
    expect(creates.map((c) => (c.input as CreateCustomerInput).idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('an edit saved offline keeps the customer as the server last sent it, and says the changes wait', async () => {
    const { actor, loads, updates, chosen } = harness();
    actor.send({ type: 'picker.open' });
    actor.send({ type: 'customer.edit', customerId: 9 });
    loads[0]?.resolve(cleoDetail);
    await flush();
    actor.send({ type: 'customer.save', form: { ...actor.getSnapshot().context.form, last_name: 'Rae' } });
    updates[0]?.resolve(queued);
    await flush();
    // The real customer (a real id, the server's name): never the queue's receipt, never the unsent edit.
    expect(chosen.map((e) => e.customer)).toEqual([
      {
        id: 9,
        name: 'Cleo Ray',
        telephone: '2125551001',
        point_balance: 120,
        membership: { id: 2, name: 'Gold', discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } },
      },
    ]);
    expect(selectPickerView(actor.getSnapshot())).toBe('queued');
    expect(selectQueuedSave(actor.getSnapshot())).toEqual({
      kind: 'update',
      requestId: '17',
      name: 'Cleo Rae',
    });
  });
});

describe('customer picker rules', () => {
  it('accepts a phone written with punctuation and refuses letters in it', () => {
    expect(validateForm({ ...form, phone: '+1 (212) 555-0199' })).toBeNull();
    expect(validateForm({ ...form, phone: '212-CALL-NOW' })?.fields?.phone).toBeDefined();
  });

  it('refuses an impossible birthday and a bad email', () => {
    const error = validateForm({ ...form, birthday: '1990-02-30', email: 'cleo@' });
    expect(Object.keys(error?.fields ?? {}).sort()).toEqual(['birthday', 'email']);
  });

  it('a refusal that is not a request failure reads as unexpected', () => {
    expect(pickerError(new Error('boom')).code).toBe('api.errors.unexpected');
    expect(pickerError({ status: 403, message: 'No.' }).code).toBe('saleExtras.customer.errors.forbidden');
  });
});
