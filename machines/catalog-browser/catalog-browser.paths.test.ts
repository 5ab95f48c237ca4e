import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
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

describeMachinePaths(catalogBrowserMachine, { events: [...events, ...actorEvents], minimal: true });
