/**
 * A product kit's items, edited as one list (docs/back-office-catalog.md "Product kits"): the products the
 * kit holds and how many of each, saved together (PUT replaces the whole list).
 *
 *   loading ──done──▶ ready ──item.*──▶ editing ──save──▶ validating ──ok──▶ saving ──done──▶ saved
 *    │ │  ▲                ▲  discard      │  ▲               │ bad             │ error          │ item.*
 *    │ │  └─ retry ─┐      └──────────────┘  └─── item.* ── failed ◀───────────┘                ▼
 *    │ └─error─▶ loadFailed                                                                   editing
 *    └─offline─▶ offline ──retry | connection.online──▶ loading
 *
 * - The quantities are kept as typed in every state: a wrong one stays beside its error.
 * - Validation is an actor the app provides with the server's own schema (src/contracts/product-kits.ts);
 *   the save's Idempotency-Key is kept across retries of the same lines and dropped by any change.
 * - A save the offline queue took is `saved` with `queued`: sent when the connection returns.
 * - After every save, `announceSaved` (provided by the app) tells the screen its rows changed.
 */
import { assertEvent, assign, setup } from 'xstate';
import { fieldIssuesFromValidation, toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { addLine, linesOf, withoutLine, withProduct, withQuantity } from './kit-items.rules';
import type {
  CheckedItem,
  KitItemsContext,
  KitItemsEvent,
  KitItemsInput,
  KitItemsLoaded,
  KitLine,
  SaveItemsInput,
  SaveItemsOutput,
  ValidateItemsInput,
} from './kit-items.types';

const MACHINE = 'kitItems';

/** A change of the lines: the field errors and the save's key belong to the lines as they were. */
const changed = (lines: KitLine[]) => ({ lines, fieldErrors: {}, idempotencyKey: null, queued: false });

export const kitItemsMachine = setup({
  types: {
    context: {} as KitItemsContext,
    events: {} as KitItemsEvent,
    input: {} as KitItemsInput,
  },
  actors: {
    loadKit: requiredActor<KitItemsLoaded, { kitId: number }>(MACHINE, 'loadKit'),
    validateItems: requiredActor<CheckedItem[], ValidateItemsInput>(MACHINE, 'validateItems'),
    saveItems: requiredActor<SaveItemsOutput, SaveItemsInput>(MACHINE, 'saveItems'),
  },
  actions: {
    announceSaved: requiredAction<{ queued: boolean }>(MACHINE, 'announceSaved'),
    assignLoaded: assign((_, loaded: KitItemsLoaded) => {
      const lines = linesOf(loaded.items, loaded.products);
      return { products: [...loaded.products], lines, stored: lines, failure: null, fieldErrors: {} };
    }),
    assignFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    addItem: assign(({ context, event }) => {
      assertEvent(event, 'item.add');
      return {
        ...changed(addLine(context.lines, event.product)),
        products: withProduct(context.products, event.product),
      };
    }),
    changeQuantity: assign(({ context, event }) => {
      assertEvent(event, 'item.quantity');
      return changed(withQuantity(context.lines, event.productId, event.quantity));
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'item.remove');
      return changed(withoutLine(context.lines, event.productId));
    }),
    discard: assign(({ context }) => ({ ...changed(context.stored), failure: null })),
    keepKey: assign(({ context, event }) => {
      assertEvent(event, 'save');
      return { idempotencyKey: context.idempotencyKey ?? event.idempotencyKey, failure: null };
    }),
    assignChecked: assign((_, checked: CheckedItem[]) => ({ checked, fieldErrors: {} })),
    assignInvalid: assign((_, { error }: { error: unknown }) => ({
      fieldErrors: fieldIssuesFromValidation(error),
      failure: null,
    })),
    assignSaveFailure: assign((_, { error }: { error: unknown }) => {
      const failure = toResourceError(error);
      return { failure, fieldErrors: failure.fieldErrors ?? {} };
    }),
    assignSaved: assign(({ context }, saved: SaveItemsOutput) => {
      if (saved.queued) return { checked: null, idempotencyKey: null, queued: true, stored: context.lines };
      const lines = linesOf(saved.items, context.products);
      return { checked: null, idempotencyKey: null, queued: false, lines, stored: lines };
    }),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    kitId: input.kitId,
    kitPrice: input.kitPrice,
    products: [],
    lines: [],
    stored: [],
    checked: null,
    fieldErrors: {},
    failure: null,
    idempotencyKey: null,
    queued: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadKit',
        src: 'loadKit',
        input: ({ context }) => ({ kitId: context.kitId }),
        onDone: doneTo('ready', 'assignLoaded'),
        onError: [
          {
            guard: { type: 'isOffline', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
          failTo('loadFailed', 'assignFailure'),
        ],
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    offline: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
    ready: {
      on: {
        'item.add': { target: 'editing', actions: 'addItem' },
        'item.quantity': { target: 'editing', actions: 'changeQuantity' },
        'item.remove': { target: 'editing', actions: 'removeItem' },
      },
    },
    editing: {
      on: {
        'item.add': { actions: 'addItem' },
        'item.quantity': { actions: 'changeQuantity' },
        'item.remove': { actions: 'removeItem' },
        discard: { target: 'ready', actions: 'discard' },
        save: { target: 'validating', actions: 'keepKey' },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateItems',
        src: 'validateItems',
        input: ({ context }) => ({ lines: context.lines }),
        onDone: doneTo('saving', 'assignChecked'),
        onError: failTo('failed', 'assignInvalid'),
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveItems',
        src: 'saveItems',
        input: ({ context }) => ({
          kitId: context.kitId,
          items: context.checked ?? [],
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSaved', params: ({ event }) => event.output },
            { type: 'announceSaved', params: ({ event }) => ({ queued: event.output.queued }) },
          ],
        },
        onError: failTo('failed', 'assignSaveFailure'),
      },
    },
    failed: {
      on: {
        'item.add': { target: 'editing', actions: 'addItem' },
        'item.quantity': { target: 'editing', actions: 'changeQuantity' },
        'item.remove': { target: 'editing', actions: 'removeItem' },
        discard: { target: 'ready', actions: 'discard' },
        save: { target: 'validating', actions: 'keepKey' },
      },
    },
    saved: {
      on: {
        'item.add': { target: 'editing', actions: 'addItem' },
        'item.quantity': { target: 'editing', actions: 'changeQuantity' },
        'item.remove': { target: 'editing', actions: 'removeItem' },
      },
    },
  },
});
