import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { catalogBrowserMachine, toCatalogError } from './catalog-browser.machine';
import { loadOutput } from '../../tests/support/machines/catalog';
import {
  selectCatalogEmployees,
  selectCatalogError,
  selectCatalogStatus,
  selectSearch,
  selectTab,
  selectTabs,
  selectVisibleTiles,
} from './catalog-browser.selectors';
import type { CatalogLoadOutput } from './catalog-browser.types';

function start(load: () => Promise<CatalogLoadOutput>) {
  const machine = catalogBrowserMachine.provide({ actors: { loadCatalog: fromPromise(load) } });
  const actor = createActor(machine);
  actor.start();
  return actor;
}

describe('catalog browser', () => {
  it('is loading until the catalog arrives, then ready with its tabs and employees', async () => {
    const actor = start(async () => loadOutput);
    expect(selectCatalogStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    const snapshot = actor.getSnapshot();
    expect(selectTabs(snapshot).map((t) => t.id)).toContain('category-10');
    expect(selectCatalogEmployees(snapshot)[0]?.employee.name).toBe('Bella Pham');
    expect(selectVisibleTiles(snapshot).total).toBe(6);
  });

  it('a failed load keeps the error code for the screen, and retry loads again', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('offline'), { code: 'network' });
      return loadOutput;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCatalogStatus(actor.getSnapshot())).toBe('failed');
    expect(selectCatalogError(actor.getSnapshot())).toEqual({ code: 'network', message: 'offline' });
    actor.send({ type: 'catalog.retry' });
    expect(selectCatalogError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toBe(2);
  });

  it('a tab that does not exist is refused; a real one is chosen', async () => {
    const actor = start(async () => loadOutput);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'tab.select', tab: 'category-999' });
    expect(selectTab(actor.getSnapshot())).toBe('all');
    actor.send({ type: 'tab.select', tab: 'category-20' });
    expect(selectTab(actor.getSnapshot())).toBe('category-20');
    expect(selectVisibleTiles(actor.getSnapshot()).tiles.map((t) => t.name)).toEqual([
      'Cuticle Oil',
      'Móng Đẹp Polish',
    ]);
  });

  it('search narrows the tiles; clear brings the tab back; the tiles array is reused while nothing changes', async () => {
    const actor = start(async () => loadOutput);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'search.change', text: 'Manicure' });
    expect(selectSearch(actor.getSnapshot())).toBe('Manicure');
    const first = selectVisibleTiles(actor.getSnapshot());
    expect(first.total).toBe(2);
    expect(selectVisibleTiles(actor.getSnapshot())).toBe(first);
    actor.send({ type: 'search.clear' });
    expect(selectVisibleTiles(actor.getSnapshot()).total).toBe(6);
  });

  it('cuts a pasted search to 100 characters', async () => {
    const actor = start(async () => loadOutput);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'search.change', text: 'x'.repeat(500) });
    expect(selectSearch(actor.getSnapshot())).toHaveLength(100);
  });

  it('without a provided loader it fails with the fallback code', async () => {
    const actor = createActor(catalogBrowserMachine);
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCatalogError(actor.getSnapshot())?.code).toBe('catalogUnavailable');
  });
});

describe('toCatalogError', () => {
  it('keeps a code and a message, and names an unknown failure catalogUnavailable', () => {
    expect(toCatalogError('boom')).toEqual({ code: 'catalogUnavailable' });
    expect(toCatalogError({ code: 7 })).toEqual({ code: 'catalogUnavailable' });
  });
});
