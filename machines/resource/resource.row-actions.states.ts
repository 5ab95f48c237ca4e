/**
 * The regions of the resource chart (resource.machine.ts) that act on listed rows: a bulk action over the
 * selection, and one row's delete. Each raises `list.refresh` once the server has written.
 */
import { resourceSetup } from './resource.actions';

/** A bulk action over the selection: confirm → running → done | failed, each row's result kept. */
export const bulkRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'bulk.start': { guard: 'hasSelection', target: 'confirming', actions: 'startBulk' } },
    },
    confirming: {
      on: {
        'bulk.confirm': 'running',
        'bulk.cancel': { target: 'idle', actions: 'forgetBulk' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'bulk',
        src: 'bulk',
        input: ({ context }) => ({
          action: context.bulk.action ?? 'delete',
          ids: context.bulk.ids,
          idempotencyKey: context.bulk.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'done',
          actions: [{ type: 'storeBulkResult', params: ({ event }) => event.output }, 'refreshList'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeBulkError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      on: { 'bulk.dismiss': { target: 'idle', actions: 'forgetBulk' } },
    },
    failed: {
      on: {
        // The same intent again: the same key, so a bulk the server did apply is not applied twice.
        'bulk.confirm': 'running',
        'bulk.dismiss': { target: 'idle', actions: 'forgetBulk' },
      },
    },
  },
});

/** One row's delete: confirm → removing → failed with what still uses the row. */
export const removalRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'row.remove': { target: 'confirming', actions: 'startRemoval' } },
    },
    confirming: {
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': { target: 'idle', actions: 'forgetRemoval' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({
          id: context.removal.id ?? 0,
          idempotencyKey: context.removal.idempotencyKey ?? '',
        }),
        onDone: { target: 'idle', actions: ['forgetRemoval', 'refreshList'] },
        onError: {
          target: 'failed',
          actions: { type: 'storeRemovalError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'remove.confirm': 'removing',
        'remove.dismiss': { target: 'idle', actions: 'forgetRemoval' },
      },
    },
  },
});
