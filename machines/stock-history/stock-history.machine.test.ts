import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aMovementPage } from './stock-history.fixtures';
import { stockHistoryMachine } from './stock-history.machine';
import { selectMovements, selectPageCount } from './stock-history.selectors';
import type { FetchMovementsInput, MovementPage } from './stock-history.types';

describe('stockHistory', () => {
  it('reads the product’s movements a page at a time, keeping the page shown while the next loads', async () => {
    const asked: FetchMovementsInput[] = [];
    let release: () => void = () => undefined;
    const machine = stockHistoryMachine.provide({
      actors: {
        fetchMovements: fromPromise(async ({ input }) => {
          asked.push(input);
          if (input.page === 2) await new Promise<void>((resolve) => (release = resolve));
          return aMovementPage(input.page, 3);
        }),
      },
    });
    const actor = createActor(machine, { input: { productId: 3, perPage: 2 } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectPageCount(actor.getSnapshot())).toBe(2);
    // A page that does not exist, or the one shown, loads nothing.
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'page.go', page: 1 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'page.go', page: 2 });
    expect(actor.getSnapshot().value).toBe('paging');
    expect(selectMovements(actor.getSnapshot()).map((m) => m.id)).toEqual([1, 2]);
    release();
    const shown = await waitFor(actor, (s) => s.matches('ready'));
    expect(selectMovements(shown).map((m) => m.id)).toEqual([3]);
    expect(asked).toEqual([
      { productId: 3, page: 1, perPage: 2 },
      { productId: 3, page: 2, perPage: 2 },
    ]);
  });

  it('is empty for a product whose stock never moved', async () => {
    const machine = stockHistoryMachine.provide({
      actors: {
        fetchMovements: fromPromise(async (): Promise<MovementPage> => ({
          items: [],
          total: 0,
          page: 1,
          per_page: 10,
        })),
      },
    });
    const actor = createActor(machine, { input: { productId: 3 } }).start();
    await waitFor(actor, (s) => s.matches('empty'));
  });
});
