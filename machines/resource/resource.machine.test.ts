import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { resourceMachine } from './resource.machine';
import { SEARCH_DEBOUNCE_MS } from './resource.setup';
import {
  aPage,
  aRow,
  bulkPartly,
  commitRefused,
  committed,
  dryRunClean,
  duplicate,
  inUse,
  offline,
  parsedClean,
} from './resource.fixtures';
import type { FetchPageInput, FormValues, ImportFileInput, MoveInput, SaveInput } from './resource.types';

function start(actors: Record<string, unknown> = {}, clock?: SimulatedClock) {
  const fetches: FetchPageInput[] = [];
  const machine = resourceMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: FetchPageInput }) => {
        fetches.push(input);
        return aPage([1, 2], 2);
      }),
      ...actors,
    } as never,
  });
  const actor = createActor(machine, { input: { resource: 'units' }, ...(clock ? { clock } : {}) });
  actor.start();
  return { actor, fetches };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resource machine', () => {
  it('keeps what the user typed through a duplicate refusal, with the error on the field', async () => {
    const saves: SaveInput[] = [];
    const { actor } = start({
      validate: fromPromise(async ({ input }: { input: { values: FormValues } }) => input.values),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        saves.push(input);
        throw duplicate;
      }),
    });
    actor.send({ type: 'editor.create', values: { name: '' } });
    actor.send({ type: 'field.change', name: 'name', value: 'Box' });
    actor.send({ type: 'editor.submit', idempotencyKey: 'k-1' });
    await waitFor(actor, (s) => s.matches({ editor: 'failed' }));
    const editor = actor.getSnapshot().context.editor;
    expect(editor.values).toEqual({ name: 'Box' });
    expect(editor.fieldErrors.name?.[0]?.code).toBe('duplicate');
    expect(editor.error?.code).toBe('duplicate');

    // The same values again: the same intent, the same key.
    actor.send({ type: 'editor.submit', idempotencyKey: 'k-2' });
    await waitFor(actor, (s) => s.matches({ editor: 'failed' }) && saves.length === 2);
    // Other values: another intent, a new key.
    actor.send({ type: 'field.change', name: 'name', value: 'Boxes' });
    actor.send({ type: 'editor.submit', idempotencyKey: 'k-3' });
    await waitFor(actor, () => saves.length === 3);
    expect(saves.map((s) => s.idempotencyKey)).toEqual(['k-1', 'k-1', 'k-3']);
    expect(actor.getSnapshot().context.editor.values).toEqual({ name: 'Boxes' });
  });

  it('saves only the fields the schema let through and reloads the list after a save', async () => {
    const { actor, fetches } = start({
      fetchOne: fromPromise(async () => ({ ...aRow(2), created_at: '2026-01-01' })),
      validate: fromPromise(async () => ({ name: 'Unit 2' })),
      save: fromPromise(async () => ({ queued: false, row: aRow(2) })),
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'editor.edit', id: 2 });
    await waitFor(actor, (s) => s.matches({ editor: 'editing' }));
    actor.send({ type: 'editor.submit', idempotencyKey: 'k-1' });
    await waitFor(actor, (s) => s.matches({ editor: 'saved' }) && s.matches({ list: 'ready' }));
    expect(fetches).toHaveLength(2);
  });

  it('leaves the rows a bulk delete could not touch selected, and reloads the list', async () => {
    const { actor, fetches } = start({ bulk: fromPromise(async () => bulkPartly) });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'rows.toggleAll' });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
    actor.send({ type: 'bulk.start', action: 'delete', idempotencyKey: 'b-1' });
    expect(actor.getSnapshot().matches({ bulk: 'confirming' })).toBe(true);
    actor.send({ type: 'bulk.confirm' });
    await waitFor(actor, (s) => s.matches({ bulk: 'done' }) && s.matches({ list: 'ready' }));
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    expect(fetches).toHaveLength(2);
  });

  it('says what still uses a row whose delete was refused, and deletes nothing', async () => {
    const { actor } = start({
      remove: fromPromise(async () => {
        throw inUse;
      }),
    });
    actor.send({ type: 'row.remove', id: 1, idempotencyKey: 'r-1' });
    actor.send({ type: 'remove.confirm' });
    await waitFor(actor, (s) => s.matches({ removal: 'failed' }));
    expect(actor.getSnapshot().context.removal.error?.inUse).toEqual({ resource: 'services', count: 3 });
  });

  it('asks the server once per typed word, after the debounce, from page 1', async () => {
    const clock = new SimulatedClock();
    const { actor, fetches } = start({}, clock);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'search.type', text: 'b' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.type', text: 'bo ' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(fetches).toHaveLength(2);
    expect(fetches[1]).toMatchObject({ page: 1, search: 'bo' });
  });

  it('shows an offline list, and loads it again when the connection returns', async () => {
    let calls = 0;
    const { actor } = start({
      fetchPage: fromPromise(async () => {
        calls += 1;
        if (calls === 1) throw offline;
        return aPage([1]);
      }),
    });
    await waitFor(actor, (s) => s.matches({ list: 'offline' }));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  });

  it('commits an import only after a clean dry run, with the key of the chosen file', async () => {
    const imports: ImportFileInput[] = [];
    let refuse = true;
    const { actor } = start({
      parseFile: fromPromise(async () => parsedClean),
      importFile: fromPromise(async ({ input }: { input: ImportFileInput }) => {
        imports.push(input);
        if (input.mode === 'dry_run') return dryRunClean;
        return refuse ? commitRefused : committed;
      }),
    });
    actor.send({ type: 'import.open' });
    actor.send({ type: 'import.choose', file: { name: 'units.csv', size: 10 }, idempotencyKey: 'i-1' });
    await waitFor(actor, (s) => s.matches({ import: 'preview' }));
    actor.send({ type: 'import.commit' });
    // A row went bad since the dry run: the commit wrote nothing and the preview lists the row.
    await waitFor(
      actor,
      (s) => s.matches({ import: 'preview' }) && s.context.import.result?.mode === 'commit',
    );
    expect(actor.getSnapshot().context.import.result?.errors[0]?.row).toBe(2);
    // Only a clean dry run may be committed: choosing the file again checks it again.
    actor.send({ type: 'import.commit' });
    expect(actor.getSnapshot().matches({ import: 'preview' })).toBe(true);
    refuse = false;
    actor.send({ type: 'import.choose', file: { name: 'units.csv', size: 10 }, idempotencyKey: 'i-2' });
    await waitFor(
      actor,
      (s) => s.matches({ import: 'preview' }) && s.context.import.result?.mode === 'dry_run',
    );
    actor.send({ type: 'import.commit' });
    await waitFor(actor, (s) => s.matches({ import: 'done' }));
    expect(imports.map((i) => [i.mode, i.idempotencyKey])).toEqual([
      ['dry_run', 'i-1-dry-run'],
      ['commit', 'i-1'],
      ['dry_run', 'i-2-dry-run'],
      ['commit', 'i-2'],
    ]);
  });
  it('keeps a row action panel open for its row while what it wrote reloads the list', async () => {
    const { actor, fetches } = start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'rowAction.open', action: 'change-password', id: 2 });
    actor.send({ type: 'rowAction.changed' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && fetches.length === 2);
    expect(actor.getSnapshot().context.rowAction).toEqual({ action: 'change-password', id: 2 });
    actor.send({ type: 'rowAction.close' });
    expect(actor.getSnapshot().matches({ rowAction: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.rowAction).toEqual({ action: null, id: null });
  });

  it('moves a row with the rows as listed, reloads after, and keeps a refused move to show', async () => {
    const moves: MoveInput[] = [];
    let refuse = false;
    const { actor, fetches } = start({
      move: fromPromise(async ({ input }: { input: MoveInput }) => {
        moves.push(input);
        if (refuse) throw offline;
        return null;
      }),
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'row.move', id: 2, direction: 'up', idempotencyKey: 'm-1' });
    await waitFor(actor, (s) => s.matches({ ordering: 'idle' }) && fetches.length === 2);
    expect(moves[0]).toMatchObject({ id: 2, direction: 'up', idempotencyKey: 'm-1' });
    expect(moves[0]?.rows.map((row) => row.id)).toEqual([1, 2]);

    refuse = true;
    actor.send({ type: 'row.move', id: 1, direction: 'down', idempotencyKey: 'm-2' });
    await waitFor(actor, (s) => s.matches({ ordering: 'failed' }));
    expect(actor.getSnapshot().context.ordering.error?.kind).toBe('offline');
    actor.send({ type: 'move.dismiss' });
    expect(actor.getSnapshot().context.ordering).toEqual({
      id: null,
      direction: null,
      idempotencyKey: null,
      error: null,
    });
  });
});
