/**
 * One record shown on a page of its own, read from the server by id (a customer's page, docs/back-office.md
 * "The customer's page"). Generic in what it shows: the app provides `load`, the screen renders `record`.
 *
 *   loading ──done──▶ shown ──reload──▶ reloading ──done──▶ shown
 *     │                                   │ error: shown again, the failure kept for a notice
 *     ├─ 404 ─▶ notFound   (no retry: an id that names nothing stays so)
 *     ├─ offline ─▶ offline ──retry | connection.online──▶ loading
 *     └─ other ─▶ failed ──retry──▶ loading
 *
 * - notFound has no way out: a link to a row that was deleted or belongs elsewhere is answered "not found", not
 *   with an invitation to try again (as a receipt link, machines/receipt).
 * - A reload keeps the record on screen; if it fails the page still shows what it had, with the failure.
 */
import { assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import type { LoadRecordInput, RecordContext, RecordEvent, RecordInput } from './record.types';

const MACHINE = 'record';

/** The record chart for records of type `TRecord` (each page makes its own, typed by what it shows). */
export function createRecordMachine<TRecord>() {
  return setup({
    types: {
      context: {} as RecordContext<TRecord>,
      events: {} as RecordEvent,
      input: {} as RecordInput,
      tags: {} as 'busy',
    },
    actors: {
      load: requiredActor<TRecord, LoadRecordInput>(MACHINE, 'load'),
    },
    actions: {
      storeRecord: assign((_, record: TRecord) => ({ record, failure: null })),
      storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    },
    guards: {
      isNotFound: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'notFound',
      isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    },
  }).createMachine({
    id: MACHINE,
    context: ({ input }) => ({ id: input.id, record: null, failure: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ id: context.id }),
          onDone: doneTo('shown', 'storeRecord'),
          onError: [
            { guard: { type: 'isNotFound', params: errorParams }, ...failTo('notFound', 'storeFailure') },
            { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
            failTo('failed', 'storeFailure'),
          ],
        },
      },
      shown: {
        on: { reload: 'reloading' },
      },
      reloading: {
        tags: ['busy'],
        invoke: {
          id: 'reload',
          src: 'load',
          input: ({ context }) => ({ id: context.id }),
          onDone: doneTo('shown', 'storeRecord'),
          onError: [
            { guard: { type: 'isNotFound', params: errorParams }, ...failTo('notFound', 'storeFailure') },
            failTo('shown', 'storeFailure'),
          ],
        },
      },
      notFound: {},
      failed: {
        on: { retry: 'loading' },
      },
      offline: {
        on: { retry: 'loading', 'connection.online': 'loading' },
      },
    },
  });
}

export type RecordMachine<TRecord> = ReturnType<typeof createRecordMachine<TRecord>>;

/** The chart itself, untyped in what it shows: for its diagram (docs/machines/record.md) and its tests. */
export const recordMachine = createRecordMachine<unknown>();
