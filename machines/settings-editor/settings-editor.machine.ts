/**
 * The settings screen's editor (docs/settings.md): one form of six groups, not a list.
 *
 *   loading ──done──▶ ready ◀──────────────── edit.discard ─┐
 *      │  ▲             │ field.change [writable]           │
 *    error retry        ▼                                   │
 *      ▼  │          editing ──save──▶ validating ──ok──▶ saving ──done──▶ saved
 *   loadFailed                             │ bad              │ error          │ field.change
 *                                          ▼                  ▼                ▼
 *                                        failed ◀─────────────┘             editing
 *
 * - The form keeps what was typed in every state after loading: a failed check or a refused save shows the
 *   field errors beside the values, never the stored ones.
 * - A read-only editor (a manager) loads and switches groups but never leaves `ready`.
 * - Groups switch in loading, ready and saved; with unsaved changes (editing, failed) and while a save runs
 *   they do not, because a save sends the open group alone.
 * - Validation is an actor the app provides with the group's zod schema (the same one the server uses);
 *   the save key is kept across retries of the same values and dropped by the next change.
 * - After a save, `clearCaches` and `publishSettings` (provided by the app) clear exactly the caches the
 *   saved group's rule names and hand the answer's initial settings to the session.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { SettingsDocument } from '../../src/contracts/settings';
import { requiredAction, requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { failureOf, valuesOf } from './settings-editor.rules';
import type {
  SaveGroupInput,
  SaveGroupOutput,
  SavedParams,
  SettingsEditorContext,
  SettingsEditorEvent,
  SettingsEditorInput,
  ValidatedGroup,
  ValidateInput,
} from './settings-editor.types';

const MACHINE = 'settingsEditor';

function setField(values: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  return { ...values, [field]: value };
}

function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`)),
  );
}

export const settingsEditorMachine = setup({
  types: {
    context: {} as SettingsEditorContext,
    events: {} as SettingsEditorEvent,
    input: {} as SettingsEditorInput,
  },
  actors: {
    loadSettings: requiredActor<SettingsDocument>(MACHINE, 'loadSettings'),
    validateGroup: requiredActor<ValidatedGroup, ValidateInput>(MACHINE, 'validateGroup'),
    saveGroup: requiredActor<SaveGroupOutput, SaveGroupInput>(MACHINE, 'saveGroup'),
  },
  actions: {
    clearCaches: requiredAction<SavedParams>(MACHINE, 'clearCaches'),
    publishSettings: requiredAction<SavedParams>(MACHINE, 'publishSettings'),
    assignDocument: assign((_, document: SettingsDocument) => ({
      document,
      values: valuesOf(document),
      fieldErrors: {},
      failure: null,
    })),
    assignLoadFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureOf(error) })),
    selectGroup: assign(({ event }) => {
      assertEvent(event, 'group.select');
      return { active: event.group };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      if (!context.values) return {};
      const group = context.active;
      return {
        values: { ...context.values, [group]: setField(context.values[group], event.field, event.value) },
        fieldErrors: withoutError(context.fieldErrors, event.field),
        saveKey: null,
        savedGroup: null,
      };
    }),
    discardChanges: assign(({ context }) => ({
      values: context.document ? valuesOf(context.document) : context.values,
      fieldErrors: {},
      failure: null,
      saveKey: null,
    })),
    assignValidated: assign((_, validated: ValidatedGroup) => ({
      pending: validated,
      saveKey: validated.saveKey,
      fieldErrors: {},
      failure: null,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => {
      const failure = failureOf(error);
      return { failure, fieldErrors: failure.fieldErrors ?? {} };
    }),
    assignSaved: assign(({ context }, saved: SaveGroupOutput) => {
      return {
        pending: null,
        document: saved.settings,
        values: valuesOf(saved.settings),
        savedGroup: context.active,
        saveKey: null,
        fieldErrors: {},
        failure: null,
      };
    }),
  },
  guards: {
    writable: ({ context }) => !context.readOnly,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    readOnly: input.readOnly,
    document: null,
    values: null,
    active: 'general',
    fieldErrors: {},
    failure: null,
    saveKey: null,
    pending: null,
    savedGroup: null,
  }),
  initial: 'loading',
  on: {
    'group.select': { actions: 'selectGroup' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: doneTo('ready', 'assignDocument'),
        onError: failTo('loadFailed', 'assignLoadFailure'),
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'field.change': { guard: 'writable', target: 'editing', actions: 'changeField' },
      },
    },
    editing: {
      // Another group opens only once this one is saved or discarded: a save sends the open group alone.
      on: {
        'group.select': {},
        'field.change': { actions: 'changeField' },
        'edit.discard': { target: 'ready', actions: 'discardChanges' },
        save: 'validating',
      },
    },
    validating: {
      invoke: {
        id: 'validateGroup',
        src: 'validateGroup',
        input: ({ context }): ValidateInput => ({
          group: context.active,
          values: context.values?.[context.active] ?? {},
          saveKey: context.saveKey,
        }),
        onDone: doneTo('saving', 'assignValidated'),
        onError: failTo('failed', 'assignFailure'),
      },
    },
    saving: {
      // The group cannot change under a save: the answer is the active group's.
      on: { 'group.select': {} },
      invoke: {
        id: 'saveGroup',
        src: 'saveGroup',
        input: ({ context }): SaveGroupInput => ({
          ...(context.pending ?? { group: context.active, body: {}, saveKey: context.saveKey ?? '' }),
          storeId: context.document?.store_id ?? 0,
        }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSaved', params: ({ event }) => event.output },
            {
              type: 'clearCaches',
              params: ({ context, event }) => ({ group: context.active, saved: event.output }),
            },
            {
              type: 'publishSettings',
              params: ({ context, event }) => ({ group: context.active, saved: event.output }),
            },
          ],
        },
        onError: failTo('failed', 'assignFailure'),
      },
    },
    failed: {
      on: {
        'group.select': {},
        'field.change': { target: 'editing', actions: 'changeField' },
        'edit.discard': { target: 'ready', actions: 'discardChanges' },
        save: 'validating',
      },
    },
    saved: {
      on: {
        'field.change': { target: 'editing', actions: 'changeField' },
      },
    },
  },
});
