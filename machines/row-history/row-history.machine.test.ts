import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aHistoryPage } from './row-history.fixtures';
import { rowHistoryMachine } from './row-history.machine';
import { selectIsFiltered, selectItems, selectPageCount } from './row-history.selectors';
import type { FetchHistoryInput, HistoryPage } from './row-history.types';

describe('rowHistory', () => {
  it('reads the row’s history a page at a time, keeping the page shown while the next loads', async () => {
    const asked: FetchHistoryInput[] = [];
    let release: () => void = () => undefined;
    const machine = rowHistoryMachine.provide({
      actors: {
        fetchHistory: fromPromise(async ({ input }) => {
          asked.push(input);
          if (input.page === 2) await new Promise<void>((resolve) => (release = resolve));
          return aHistoryPage(input.page, 3);
        }),
      },
    });
    const actor = createActor(machine, { input: { rowId: 7, perPage: 2 } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectPageCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'page.go', page: 1 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'page.go', page: 2 });
    expect(actor.getSnapshot().value).toBe('paging');
    expect(selectItems(actor.getSnapshot()).map((m) => m.id)).toEqual([1, 2]);
    release();
    const shown = await waitFor(actor, (s) => s.matches('ready'));
    expect(selectItems(shown).map((m) => m.id)).toEqual([3]);
    expect(asked).toEqual([
      { rowId: 7, page: 1, perPage: 2, filter: {} },
      { rowId: 7, page: 2, perPage: 2, filter: {} },
    ]);
  });

  it('a filter change goes back to page 1 of the narrowed list; a blank filter is not sent', async () => {
    const asked: FetchHistoryInput[] = [];
    const machine = rowHistoryMachine.provide({
      actors: {
        fetchHistory: fromPromise(async ({ input }) => {
          asked.push(input);
          return aHistoryPage(input.page, input.filter.kind ? 1 : 3);
        }),
      },
    });
    const actor = createActor(machine, { input: { rowId: 7, perPage: 2, filter: { kind: '' } } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.go', page: 2 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    expect(selectIsFiltered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'filter.change', field: 'kind', value: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    const narrowed = await waitFor(actor, (s) => s.matches('ready'));
    expect(selectIsFiltered(narrowed)).toBe(true);
    expect(asked.at(-1)).toEqual({ rowId: 7, page: 1, perPage: 2, filter: { kind: 'reload' } });
    actor.send({ type: 'filter.change', field: 'kind', value: '' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 3);
    expect(asked.at(-1)?.filter).toEqual({});
  });

  it('an answer for the filter before a change never replaces the new filter’s', async () => {
    const pending: ((page: HistoryPage) => void)[] = [];
    const machine = rowHistoryMachine.provide({
      actors: {
        fetchHistory: fromPromise(
          ({ input }) =>
            new Promise<HistoryPage>((resolve) =>
              pending.push(() => resolve(aHistoryPage(1, input.filter.kind ? 1 : 3))),
            ),
        ),
      },
    });
    const actor = createActor(machine, { input: { rowId: 7, perPage: 2 } }).start();
    actor.send({ type: 'filter.change', field: 'kind', value: 'sale' });
    pending[0]!(aHistoryPage(1, 3));
    pending[1]!(aHistoryPage(1, 1));
    const shown = await waitFor(actor, (s) => s.matches('ready'));
    expect(shown.context.total).toBe(1);
  });

  it('is empty for a row without history', async () => {
    const machine = rowHistoryMachine.provide({
      actors: {
        fetchHistory: fromPromise(async (): Promise<HistoryPage> => ({
          items: [],
          total: 0,
          page: 1,
          per_page: 10,
        })),
      },
    });
    const actor = createActor(machine, { input: { rowId: 3 } }).start();
    await waitFor(actor, (s) => s.matches('empty'));
  });
});
