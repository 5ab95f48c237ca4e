/**
 * The editor region of the resource chart (resource.machine.ts): one row's form, from opening to saved. The
 * typed values survive validation, server refusals and retries; only opening another row replaces them.
 */
import { doneTo, failTo } from '../support/transitions';
import { resourceSetup } from './resource.actions';

/** closed → loading → editing → validating → saving → saved | failed with the server's field errors. */
export const editorRegion = resourceSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'editor.create': { target: 'editing', actions: 'openNew' },
        'editor.edit': { target: 'loading', actions: 'openRow' },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchOne',
        src: 'fetchOne',
        input: ({ context }) => ({ id: context.editor.id ?? 0 }),
        onDone: doneTo('editing', 'storeRow'),
        onError: failTo('loadFailed', 'storeEditorError'),
      },
      on: { 'editor.close': { target: 'closed', actions: 'closeEditor' } },
    },
    loadFailed: {
      on: {
        'editor.retry': 'loading',
        'editor.close': { target: 'closed', actions: 'closeEditor' },
      },
    },
    editing: {
      tags: ['dirty'],
      on: {
        'field.change': { actions: 'changeField' },
        'editor.submit': { target: 'validating', actions: 'takeSaveKey' },
        'editor.close': { target: 'closed', actions: 'closeEditor' },
      },
    },
    validating: {
      tags: ['busy', 'dirty'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ values: context.editor.values }),
        onDone: doneTo('saving', 'storeParsed'),
        onError: failTo('editing', 'storeFieldIssues'),
      },
    },
    saving: {
      tags: ['busy', 'dirty'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.editor.id,
          values: context.editor.parsed ?? context.editor.values,
          idempotencyKey: context.editor.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'saved',
          actions: [{ type: 'storeSaved', params: ({ event }) => event.output }, 'refreshList'],
        },
        onError: failTo('failed', 'storeEditorError'),
      },
    },
    failed: {
      tags: ['dirty'],
      on: {
        'field.change': { target: 'editing', actions: 'changeField' },
        'editor.submit': { target: 'validating', actions: 'takeSaveKey' },
        'editor.close': { target: 'closed', actions: 'closeEditor' },
      },
    },
    saved: {
      on: {
        'editor.create': { target: 'editing', actions: 'openNew' },
        'editor.edit': { target: 'loading', actions: 'openRow' },
        'editor.close': { target: 'closed', actions: 'closeEditor' },
      },
    },
  },
});
