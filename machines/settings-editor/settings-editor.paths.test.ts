import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { SAVED, SETTINGS_DOCUMENT } from './settings-editor.fixtures';
import { settingsEditorMachine } from './settings-editor.machine';
import type { SavedParams, SettingsEditorEvent } from './settings-editor.types';

const events = [
  { type: 'retry' },
  { type: 'group.select', group: 'print' },
  { type: 'field.change', field: 'receipt_footer', value: 'See you soon' },
  { type: 'save' },
  { type: 'edit.discard' },
] satisfies SettingsEditorEvent[];

const actorEvents = [
  doneEvent('loadSettings', SETTINGS_DOCUMENT),
  errorEvent('loadSettings', { status: 0, offline: true }),
  doneEvent('validateGroup', { group: 'print', body: { receipt_footer: 'See you soon' }, saveKey: 'k1' }),
  errorEvent('validateGroup', { fieldErrors: { receipt_footer: 'too long' } }),
  doneEvent('saveGroup', SAVED),
  errorEvent('saveGroup', {
    status: 422,
    code: 'validation_failed',
    errors: { receipt_footer: ['Too long.'] },
  }),
];

const noop = () => undefined;
const provided = settingsEditorMachine.provide({ actions: { clearCaches: noop, publishSettings: noop } });

describeMachinePaths(provided, {
  events: [...events, ...actorEvents],
  minimal: true,
  starts: [
    { name: 'writable', input: { readOnly: false } },
    { name: 'read-only', input: { readOnly: true } },
  ],
});

describe('settingsEditor', () => {
  function start(overrides: { save?: () => Promise<typeof SAVED> } = {}) {
    const saved: SavedParams[] = [];
    const machine = settingsEditorMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => SETTINGS_DOCUMENT),
        validateGroup: fromPromise(async ({ input }) => ({
          group: input.group,
          body: input.values,
          saveKey: input.saveKey ?? 'key-1',
        })),
        saveGroup: fromPromise(overrides.save ?? (async () => SAVED)),
      },
      actions: {
        clearCaches: (_, params) => saved.push(params),
        publishSettings: noop,
      },
    });
    return { actor: createActor(machine, { input: { readOnly: false } }).start(), saved };
  }

  it('keeps what was typed when the server refuses it, with the field error beside it', async () => {
    const { actor } = start({
      save: () => Promise.reject({ status: 422, errors: { receipt_footer: ['Too long.'] } }),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'group.select', group: 'print' });
    actor.send({ type: 'field.change', field: 'receipt_footer', value: 'x'.repeat(10) });
    actor.send({ type: 'save' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.values?.print.receipt_footer).toBe('x'.repeat(10));
    expect(failed.context.fieldErrors).toEqual({ receipt_footer: 'Too long.' });
    // A retry of the same values keeps the save's key; a change drops it.
    expect(failed.context.saveKey).toBe('key-1');
    actor.send({ type: 'field.change', field: 'receipt_footer', value: 'ok' });
    expect(actor.getSnapshot().context.saveKey).toBeNull();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('hands the saved group to clearCaches, and shows the saved document', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'group.select', group: 'print' });
    actor.send({ type: 'field.change', field: 'receipt_footer', value: 'See you soon' });
    actor.send({ type: 'save' });
    const done = await waitFor(actor, (s) => s.matches('saved'));
    expect(saved.map((p) => p.group)).toEqual(['print']);
    expect(done.context.values?.print.receipt_footer).toBe('See you soon');
  });
});
