/** A kit, its products and the server's answers, for the kit items chart's tests. */
import { validationFailed } from '../../tests/support/machines/api-failures';
import type { KitItem } from '../../src/contracts/product-kits';
import type { KitItemsLoaded, KitProduct } from './kit-items.types';

export const GEL: KitProduct = { id: 1, name: 'Brow Gel', sku: 'BG-1', price: 1200 };
export const FILE: KitProduct = { id: 2, name: 'Nail File', sku: null, price: 450 };

export const GEL_ITEM: KitItem = { product_id: 1, name: 'Brow Gel', sku: 'BG-1', quantity: 2 };

export const LOADED: KitItemsLoaded = { items: [GEL_ITEM], products: [GEL, FILE] };

export const SAVED_ITEMS: KitItem[] = [
  GEL_ITEM,
  { product_id: 2, name: 'Nail File', sku: null, quantity: 1 },
];

/** The server refused a product of another store (422 naming the list). */
export const refused = validationFailed(
  { items: ['Choose products of this store.'] },
  'Choose products of this store.',
);
/** The validate actor's rejection: the second line's quantity is no whole number from 1. */
export const badQuantity = {
  fieldErrors: { 'items.0.quantity': [{ code: 'too_small', message: 'Too small', params: { minimum: 1 } }] },
};
