/**
 * The customer picker of the sale screen (docs/sales.md#the-sale-screen
 * customer calls): search by name or phone, pick one, create one, edit the attached one.
 *
 *   closed ──picker.open──▶ browsing ─┬─ idle ◀── query blank
 *     ▲                               ├─ debouncing ──after searchDelay──▶ searching ─▶ results | failed
 *     │  customer.chosen (emitted)    └─ (history)
 *     │                                 │ customer.new          │ customer.edit
 *     ├─────── saving ◀── customer.save ── editing ◀─────── loadingCustomer ⇄ loadFailed
 *     │        (creating | updating) ──failed──▶ editing (error kept, form kept)
 *     │                              ──queued (offline)──▶ queued ──picker.close──▶ closed
 *     └─ customer.select (from the listed results)
 *
 * Why it is shaped so:
 * - The debounce is a delayed transition, not a timer in a component: every keystroke re-enters
 *   `debouncing`, which restarts its timer, and leaving `searching` for a newer query cancels the request in
 *   flight (the invoked actor is stopped and its signal aborts the fetch), so an old answer never overwrites a
 *   newer one.
 * - The chosen customer is EMITTED, not stored: the picker does not own the order. The sale screen listens
 *   (`actor.on('customer.chosen')`) and sends the sale machine's customer.set, which is where a membership
 *   discount is applied.
 * - Saving is its own mode with no way out but the answer (picker.close is not accepted there): a customer
 *   created while the dialog is gone would be attached to nothing. Creating and updating are two actors
 *   because they are two calls (POST /pos/customers, POST /pos/customers/{id}).
 * - The idempotency key is one per intent (docs/api.md#writes-and-idempotency): made when a form is first
 *   sent, reused when the same form is sent again after a failure (a lost answer is then replayed, not a
 *   second customer created), and renewed when the form changed (the server refuses a key reused for another
 *   payload).
 * - edit.cancel returns through a history state, so the results the cashier was looking at are still there.
 * - Offline (docs/offline.md), the app's request queue stores the save and answers `{ offline, requestId }`
 *   instead of a customer. That answer is never put on the order: a NEW customer has no id until the queue
 *   delivers it, so nothing is attached and `queued` says the customer will be created when the connection
 *   returns (the cashier finishes the sale without them; a membership discount needs the real record). Not
 *   refused instead: the queue has already stored the request when it answers, so "refused" would be untrue
 *   (the customer would appear later anyway), and a walk-in's details taken at the counter are worth keeping.
 *   An EDITED customer exists: the customer as the server last sent it is chosen (real id, unsent changes not
 *   shown as saved), and `queued` says the changes wait for the connection.
 */
import { and, assertEvent, assign, emit, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import {
  cleanForm,
  EMPTY_FORM,
  formFingerprint,
  formFromDetail,
  formFromQuery,
  isSearchable,
  pickerError,
  SEARCH_DELAY_MS,
  toOrderCustomer,
  validateForm,
} from './customer-picker.rules';
import type {
  CreateCustomerInput,
  CustomerDetail,
  CustomerForm,
  CustomerListItem,
  CustomerPage,
  CustomerPickerContext,
  CustomerPickerEmitted,
  CustomerPickerEvent,
  CustomerPickerInput,
  LoadCustomerInput,
  PickerError,
  QueuedCustomerSave,
  SaveCustomerOutput,
  SearchCustomersInput,
  UpdateCustomerInput,
} from './customer-picker.types';

function defaultCreateId(): string {
  return globalThis.crypto.randomUUID();
}

/** The queue's receipt rather than a customer (see the file comment). */
export function isOfflineQueued(
  output: SaveCustomerOutput,
): output is Extract<SaveCustomerOutput, { offline: true }> {
  return 'offline' in output && output.offline === true;
}

function typedName(form: CustomerForm): string {
  return [form.first_name, form.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

export const customerPickerMachine = setup({
  types: {} as {
    context: CustomerPickerContext;
    events: CustomerPickerEvent;
    input: CustomerPickerInput;
    emitted: CustomerPickerEmitted;
    tags: 'busy';
  },
  actors: {
    /** GET /api/pos/customers?search=… (docs/sales.md#the-sale-screen "GET active customers for POS"). */
    searchCustomers: requiredActor<CustomerPage, SearchCustomersInput>('customerPicker', 'searchCustomers'),
    /** GET /api/pos/customers/{id}. */
    loadCustomer: requiredActor<CustomerDetail, LoadCustomerInput>('customerPicker', 'loadCustomer'),
    /** POST /api/pos/customers with the Idempotency-Key. */
    createCustomer: requiredActor<SaveCustomerOutput, CreateCustomerInput>(
      'customerPicker',
      'createCustomer',
    ),
    /** POST /api/pos/customers/{id} with the Idempotency-Key. */
    updateCustomer: requiredActor<SaveCustomerOutput, UpdateCustomerInput>(
      'customerPicker',
      'updateCustomer',
    ),
  },
  delays: {
    searchDelay: SEARCH_DELAY_MS,
  },
  guards: {
    isSearchable: ({ event }) => {
      assertEvent(event, 'query.change');
      return isSearchable(event.query);
    },
    isListedCustomer: ({ context, event }) => {
      assertEvent(event, 'customer.select');
      return context.results.some((customer) => customer.id === event.customer.id);
    },
    isFormValid: ({ event }) => {
      assertEvent(event, 'customer.save');
      return validateForm(event.form) === null;
    },
    isEditingExisting: ({ context }) => context.editingId !== null,
    isQueued: (_, params: { output: SaveCustomerOutput }) => isOfflineQueued(params.output),
  },
  actions: {
    resetSearch: assign({ query: '', results: [], total: 0, totalCapped: false, error: null }),
    setQuery: assign(({ event }) => {
      assertEvent(event, 'query.change');
      return { query: event.query, error: null };
    }),
    clearResults: assign({ results: [], total: 0, totalCapped: false }),
    storeResults: assign((_, params: { page: CustomerPage }) => ({
      results: params.page.items,
      total: params.page.total,
      totalCapped: params.page.total_capped === true,
      error: null,
    })),
    setError: assign((_, params: { error: PickerError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    startCreate: assign(({ context }) => ({
      editingId: null,
      form: formFromQuery(context.query),
      loaded: null,
      saveKey: null,
      error: null,
    })),
    startEdit: assign(({ event }) => {
      assertEvent(event, 'customer.edit');
      return {
        editingId: event.customerId,
        form: { ...EMPTY_FORM },
        loaded: null,
        saveKey: null,
        error: null,
      };
    }),
    fillForm: assign((_, params: { customer: CustomerDetail }) => ({
      form: formFromDetail(params.customer),
      loaded: params.customer,
      error: null,
    })),
    recordQueued: assign(
      ({ context }, params: { kind: QueuedCustomerSave['kind']; output: SaveCustomerOutput }) => ({
        queued: {
          kind: params.kind,
          requestId: isOfflineQueued(params.output) ? params.output.requestId : '',
          name: typedName(context.form),
        },
      }),
    ),
    forgetQueued: assign({ queued: null }),
    /**
     * The edited customer as last read: real, and without the changes that are not on the server yet. Only
     * `updating` emits it, which is reached through loadingCustomer's fillForm, so `loaded` is set.
     */
    emitLoaded: emit(({ context }) => ({
      type: 'customer.chosen' as const,
      customer: toOrderCustomer(context.loaded as CustomerDetail),
    })),
    /** What was typed stays on screen when the form is refused or the save fails. */
    keepForm: assign(({ event }) => {
      assertEvent(event, 'customer.save');
      return { form: { ...event.form } };
    }),
    refuseForm: assign(({ event }) => {
      assertEvent(event, 'customer.save');
      return { error: validateForm(event.form) };
    }),
    ensureSaveKey: assign(({ context, event }) => {
      assertEvent(event, 'customer.save');
      const fingerprint = formFingerprint(context.editingId, event.form);
      if (context.saveKey?.fingerprint === fingerprint) return {};
      return { saveKey: { key: context.createId(), fingerprint } };
    }),
    /** The saved intent is over: a later save of the same form is a new intent. */
    dropSaveKey: assign({ saveKey: null }),
    emitChosen: emit((_, params: { customer: CustomerListItem | CustomerDetail }) => ({
      type: 'customer.chosen' as const,
      customer: toOrderCustomer(params.customer),
    })),
  },
}).createMachine({
  id: 'customerPicker',
  context: ({ input }) => ({
    query: '',
    results: [],
    total: 0,
    totalCapped: false,
    error: null,
    editingId: null,
    form: { ...EMPTY_FORM },
    loaded: null,
    saveKey: null,
    queued: null,
    createId: input.createId ?? defaultCreateId,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'picker.open': { target: 'browsing', actions: 'resetSearch' },
      },
    },
    browsing: {
      initial: 'idle',
      states: {
        /** Nothing (or too little) typed: the screen asks for a name or a phone. */
        idle: {},
        debouncing: {
          after: { searchDelay: 'searching' },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            id: 'searchCustomers',
            src: 'searchCustomers',
            input: ({ context }) => ({ search: context.query.trim() }),
            onDone: {
              target: 'results',
              actions: { type: 'storeResults', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ error: pickerError(event.error) }) },
            },
          },
        },
        /** The page found (possibly empty: the screen then offers to create the customer). */
        results: {},
        failed: {
          on: { 'search.retry': { target: 'searching', actions: 'clearError' } },
        },
        history: { type: 'history' },
      },
      on: {
        // WHY reenter: a keystroke while already debouncing must restart the wait, not keep the old timer.
        'query.change': [
          { guard: 'isSearchable', target: '.debouncing', reenter: true, actions: 'setQuery' },
          { target: '.idle', actions: ['setQuery', 'clearResults'] },
        ],
        'customer.select': {
          guard: 'isListedCustomer',
          target: 'closed',
          actions: { type: 'emitChosen', params: ({ event }) => ({ customer: event.customer }) },
        },
        'customer.new': { target: 'editing', actions: 'startCreate' },
        'customer.edit': { target: 'loadingCustomer', actions: 'startEdit' },
        'picker.close': { target: 'closed' },
      },
    },
    loadingCustomer: {
      tags: ['busy'],
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        input: ({ context }) => ({ customerId: context.editingId as number }),
        onDone: {
          target: 'editing',
          actions: { type: 'fillForm', params: ({ event }) => ({ customer: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: pickerError(event.error) }) },
        },
      },
      on: {
        'edit.cancel': { target: 'browsing.history', actions: 'clearError' },
        'picker.close': { target: 'closed' },
      },
    },
    loadFailed: {
      on: {
        'load.retry': { target: 'loadingCustomer', actions: 'clearError' },
        'edit.cancel': { target: 'browsing.history', actions: 'clearError' },
        'picker.close': { target: 'closed' },
      },
    },
    editing: {
      on: {
        'customer.save': [
          {
            guard: and(['isFormValid', 'isEditingExisting']),
            target: 'saving.updating',
            actions: ['keepForm', 'ensureSaveKey', 'clearError'],
          },
          {
            guard: 'isFormValid',
            target: 'saving.creating',
            actions: ['keepForm', 'ensureSaveKey', 'clearError'],
          },
          { actions: ['keepForm', 'refuseForm'] },
        ],
        'edit.cancel': { target: 'browsing.history', actions: 'clearError' },
        'picker.close': { target: 'closed' },
      },
    },
    saving: {
      tags: ['busy'],
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createCustomer',
            src: 'createCustomer',
            input: ({ context }) => ({
              form: cleanForm(context.form),
              idempotencyKey: context.saveKey?.key ?? '',
            }),
            onDone: [
              {
                guard: { type: 'isQueued', params: ({ event }) => ({ output: event.output }) },
                target: '#customerPicker.queued',
                actions: [
                  { type: 'recordQueued', params: ({ event }) => ({ kind: 'create', output: event.output }) },
                  'dropSaveKey',
                ],
              },
              {
                target: '#customerPicker.closed',
                actions: [
                  // The branch above took the queue's receipt: this is the server's customer.
                  {
                    type: 'emitChosen',
                    params: ({ event }) => ({ customer: event.output as CustomerDetail }),
                  },
                  'dropSaveKey',
                ],
              },
            ],
            onError: {
              target: '#customerPicker.editing',
              actions: { type: 'setError', params: ({ event }) => ({ error: pickerError(event.error) }) },
            },
          },
        },
        updating: {
          invoke: {
            id: 'updateCustomer',
            src: 'updateCustomer',
            input: ({ context }) => ({
              customerId: context.editingId as number,
              form: cleanForm(context.form),
              idempotencyKey: context.saveKey?.key ?? '',
            }),
            onDone: [
              {
                guard: { type: 'isQueued', params: ({ event }) => ({ output: event.output }) },
                target: '#customerPicker.queued',
                actions: [
                  { type: 'recordQueued', params: ({ event }) => ({ kind: 'update', output: event.output }) },
                  'emitLoaded',
                  'dropSaveKey',
                ],
              },
              {
                target: '#customerPicker.closed',
                actions: [
                  {
                    type: 'emitChosen',
                    params: ({ event }) => ({ customer: event.output as CustomerDetail }),
                  },
                  'dropSaveKey',
                ],
              },
            ],
            onError: {
              target: '#customerPicker.editing',
              actions: { type: 'setError', params: ({ event }) => ({ error: pickerError(event.error) }) },
            },
          },
        },
      },
    },
    /**
     * The offline queue took the save (see the file comment): the dialog says what happens next until the
     * cashier closes it.
     */
    queued: {
      exit: 'forgetQueued',
      on: { 'picker.close': { target: 'closed' } },
    },
  },
});
