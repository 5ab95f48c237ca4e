import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { catalogBrowserMachine } from './catalog-browser.machine';
import { loadOutput } from '../../tests/support/machines/catalog';
import type { CatalogBrowserEvent } from './catalog-browser.types';

const events = [
  { type: 'tab.select', tab: 'category-20' },
  { type: 'tab.select', tab: 'category-999' },
  { type: 'search.change', text: 'gel' },
  { type: 'search.clear' },
  { type: 'catalog.retry' },
] satisfies CatalogBrowserEvent[];
const actorEvents = [
  doneEvent('loadCatalog', loadOutput),
  errorEvent('loadCatalog', { code: 'network', message: 'Unable to connect to server.' }),
];

const { paths, coverage } = exploreMachine(catalogBrowserMachine, {
  events: [...events, ...actorEvents],
  minimal: true,
});

describe('catalogBrowser paths', () => {
  it('reach every state and take every transition', () => {
    printCoverage(catalogBrowserMachine, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
    await replayPath(catalogBrowserMachine, path);
  });
});
