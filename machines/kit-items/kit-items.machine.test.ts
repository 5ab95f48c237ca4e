import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { validationFailed } from '../../tests/support/machines/api-failures';
import { FILE, GEL, LOADED, SAVED_ITEMS } from './kit-items.fixtures';
import { kitItemsMachine } from './kit-items.machine';
import { addLine, linesOf, productsToAdd, withProduct } from './kit-items.rules';
import { selectPrices, selectProductsToAdd } from './kit-items.selectors';
import type { CheckedItem, SaveItemsInput, SaveItemsOutput } from './kit-items.types';

function start(save: (input: SaveItemsInput) => Promise<SaveItemsOutput>) {
  const announced: boolean[] = [];
  const saves: SaveItemsInput[] = [];
  const machine = kitItemsMachine.provide({
    actors: {
      loadKit: fromPromise(async () => LOADED),
      validateItems: fromPromise(async ({ input }) =>
        input.lines.map((line): CheckedItem => ({
          product_id: line.product_id,
          quantity: Number(line.quantity),
        })),
      ),
      saveItems: fromPromise(async ({ input }) => {
        saves.push(input);
        return save(input);
      }),
    },
    actions: { announceSaved: (_, params) => announced.push(params.queued) },
  });
  const actor = createActor(machine, { input: { kitId: 7, kitPrice: 2500 } }).start();
  return { actor, announced, saves };
}

describe('kit items rules', () => {
  it('gives each loaded line its product price, none when the products list lacks it', () => {
    const lines = linesOf(LOADED.items, [FILE]);
    expect(lines).toEqual([{ product_id: 1, name: 'Brow Gel', sku: 'BG-1', quantity: '2', price: null }]);
  });

  it('adds a product once: adding it again is one more of it', () => {
    const once = addLine([], FILE);
    expect(once).toEqual([{ product_id: 2, name: 'Nail File', sku: null, quantity: '1', price: 450 }]);
    expect(addLine(once, FILE)[0]?.quantity).toBe('2');
    expect(productsToAdd([GEL, FILE], once)).toEqual([GEL]);
  });

  it('keeps a product found by a search among the known ones, once', () => {
    expect(withProduct([GEL], FILE)).toEqual([GEL, FILE]);
    expect(withProduct([GEL, FILE], FILE)).toEqual([GEL, FILE]);
  });
});

describe('kitItems', () => {
  it('saves the edited list with one key across retries, and shows what the server saved', async () => {
    let attempt = 0;
    const { actor, announced, saves } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw { status: 0, kind: 'network', message: 'down' };
      return { queued: false, items: SAVED_ITEMS };
    });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectProductsToAdd(actor.getSnapshot())).toEqual([FILE]);
    actor.send({ type: 'item.add', product: FILE });
    expect(selectPrices(actor.getSnapshot())).toEqual({
      kitPrice: 2500,
      itemsTotal: 2 * 1200 + 450,
      unknown: 0,
      saving: 350,
    });
    actor.send({ type: 'save', idempotencyKey: 'k1' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure?.kind).toBe('offline');
    actor.send({ type: 'save', idempotencyKey: 'k2' });
    const saved = await waitFor(actor, (s) => s.matches('saved'));
    expect(saves.map((s) => s.idempotencyKey)).toEqual(['k1', 'k1']);
    expect(saves[1]?.items).toEqual([
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1 },
    ]);
    expect(saved.context.lines.map((l) => l.price)).toEqual([1200, 450]);
    expect(announced).toEqual([false]);
  });

  it('keeps a refused quantity as typed, with its error, until it changes', async () => {
    const { actor } = start(async () => {
      throw validationFailed(
        { 'items.0.quantity': ['The quantity is a whole number from 1 to 10000.'] },
        'x',
      );
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.quantity', productId: GEL.id, quantity: '20000' });
    actor.send({ type: 'save', idempotencyKey: 'k1' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.lines[0]?.quantity).toBe('20000');
    expect(Object.keys(failed.context.fieldErrors)).toEqual(['items.0.quantity']);
    actor.send({ type: 'item.quantity', productId: GEL.id, quantity: '3' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    actor.send({ type: 'discard' });
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe('2');
  });

  it('adds a product a search found beyond the first load, and keeps its price once saved', async () => {
    const SERUM = { id: 3, name: 'Cuticle Serum', sku: 'CS-3', price: 900 };
    const { actor } = start(async ({ items }) => ({
      queued: false,
      items: items.map((item) => ({
        ...item,
        name: item.product_id === 3 ? SERUM.name : GEL.name,
        sku: null,
      })),
    }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.add', product: SERUM });
    actor.send({ type: 'save', idempotencyKey: 'k1' });
    const saved = await waitFor(actor, (s) => s.matches('saved'));
    expect(saved.context.lines.map((l) => [l.product_id, l.price])).toEqual([
      [1, 1200],
      [3, 900],
    ]);
  });

  it('says a save the offline queue took is queued', async () => {
    const { actor, announced } = start(async () => ({ queued: true }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.remove', productId: GEL.id });
    actor.send({ type: 'save', idempotencyKey: 'k1' });
    const saved = await waitFor(actor, (s) => s.matches('saved'));
    expect(saved.context.queued).toBe(true);
    expect(saved.context.lines).toEqual([]);
    expect(announced).toEqual([true]);
  });
});
