/**
 * The regions of the resource chart (resource.machine.ts) that act on listed rows: a bulk action over the
 * selection, one row's delete, one row's action panel, one row's move in the display order. Each raises
 * `list.refresh` once the server has written.
 */
import { failTo } from '../support/transitions';
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
        onError: failTo('failed', 'storeBulkError'),
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
        onError: failTo('failed', 'storeRemovalError'),
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

/**
 * A row action's panel (the config's `rowActions`): which one is open and for which row. The panel does its
 * own work; when it has written, `rowAction.changed` reloads the list and the panel stays open until closed.
 */
export const rowActionRegion = resourceSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: { 'rowAction.open': { target: 'open', actions: 'openRowAction' } },
    },
    open: {
      on: {
        'rowAction.changed': { actions: 'refreshList' },
        'rowAction.close': { target: 'closed', actions: 'closeRowAction' },
      },
    },
  },
});

/** One row moved up or down in the display order: moving → idle (the list reloads) | failed. */
export const orderingRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'row.move': { target: 'moving', actions: 'startMove' } },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'move',
        src: 'move',
        input: ({ context }) => ({
          id: context.ordering.id ?? 0,
          direction: context.ordering.direction ?? 'up',
          rows: context.items,
          idempotencyKey: context.ordering.idempotencyKey ?? '',
        }),
        onDone: { target: 'idle', actions: ['forgetMove', 'refreshList'] },
        onError: failTo('failed', 'storeMoveError'),
      },
    },
    failed: {
      on: {
        'row.move': { target: 'moving', actions: 'startMove' },
        'move.dismiss': { target: 'idle', actions: 'forgetMove' },
      },
    },
  },
});
