/**
 * The catalog browser's one actor for the sale screen (machines/catalog-browser), shared by the employee bar
 * and the item grid through React context; app/areas/sale-area.tsx gives it the real loader with the
 * Provider's `logic` prop. A separate actor from the sale's on purpose: the item grid listens to this one
 * only, so a tap that changes the ticket never re-renders a tile.
 */
import { createActorContext } from '@xstate/react';
import { catalogBrowserMachine } from '../../../../machines/catalog-browser/catalog-browser.machine';

export const CatalogActor = createActorContext(catalogBrowserMachine);
