/**
 * The kit items chart (machines/kit-items) with its real side effects: the kit's items and the products it
 * may hold read from the API, the lines checked with the server's own schema (src/contracts/product-kits.ts),
 * the whole list saved with PUT /api/productkits/{id}/items (docs/back-office-catalog.md "Product kits").
 * The panel makes this once and hands `announceSaved` its latest callback.
 */
import { fromPromise } from 'xstate';
import { createFinderMachine } from '../../../../../machines/finder/finder.machine';
import { kitItemsMachine } from '../../../../../machines/kit-items/kit-items.machine';
import type {
  CheckedItem,
  KitItemsLoaded,
  KitLine,
  KitProduct,
  SaveItemsInput,
  SaveItemsOutput,
} from '../../../../../machines/kit-items/kit-items.types';
import { MAX_PER_PAGE } from '../../../../contracts/envelope';
import { kitItemsBody } from '../../../../contracts/product-kits';
import type { KitItems } from '../../../../contracts/product-kits';
import type { Product } from '../../../../contracts/products';
import { api } from '../../../lib/api/api';
import { toFieldIssues } from '../field-issues';
import { getRow, listRows } from '../resource-api';

function kitProduct(product: Product): KitProduct {
  return { id: product.id, name: product.name, sku: product.sku, price: product.price };
}

/**
 * The kit's items, and the products it may hold with their prices: the store's active products (the first
 * page the server gives, by name), plus any product the kit holds beyond them (inactive, or further down).
 */
export async function loadKit(kitId: number, signal?: AbortSignal): Promise<KitItemsLoaded> {
  const [kit, page] = await Promise.all([
    api.get<KitItems>(`/productkits/${kitId}/items`, { skipNotice: true, signal }),
    listRows<Product>(
      'products',
      { page: 1, per_page: MAX_PER_PAGE, sort: 'name', filter: { is_active: 'true' } },
      { signal },
    ),
  ]);
  const known = new Set(page.items.map((p) => p.id));
  const missing = kit.items.filter((item) => !known.has(item.product_id));
  const more = await Promise.all(
    missing.map((item) => getRow<Product>('products', item.product_id, { signal })),
  );
  return { items: kit.items, products: [...page.items, ...more].map(kitProduct) };
}

/** Matches a find box shows at most: enough to pick from, a narrower query finds the rest. */
export const FOUND_PRODUCTS = 50;

/** The store's active products whose name or SKU holds `query` (the list's `search`), by name. */
export async function findProducts(query: string, signal?: AbortSignal): Promise<KitProduct[]> {
  const page = await listRows<Product>(
    'products',
    { page: 1, per_page: FOUND_PRODUCTS, sort: 'name', search: query, filter: { is_active: 'true' } },
    { signal },
  );
  return page.items.map(kitProduct);
}

/** The finder chart (machines/finder) searching the store's products, for the panel's add select. */
export function productFinder() {
  return createFinderMachine<KitProduct>().provide({
    actors: { find: fromPromise(({ input, signal }) => findProducts(input.query, signal)) },
  });
}

/** The lines as the server's body, or a rejection with `{ fieldErrors }` keyed `items.<index>.quantity`. */
export function checkLines(lines: readonly KitLine[]): CheckedItem[] {
  const result = kitItemsBody.safeParse({
    items: lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
  });
  if (!result.success)
    throw Object.assign(new Error('invalid kit items'), { fieldErrors: toFieldIssues(result.error.issues) });
  return result.data.items;
}

/** The offline queue's receipt instead of the saved list (lib/api/client.ts: a queued write resolves with it). */
function isQueued(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { offline?: unknown }).offline === true;
}

export async function saveKitItems(input: SaveItemsInput, signal?: AbortSignal): Promise<SaveItemsOutput> {
  const answer = await api.put<KitItems>(
    `/productkits/${input.kitId}/items`,
    { items: input.items },
    { idempotencyKey: input.idempotencyKey, skipNotice: true, signal },
  );
  return isQueued(answer) ? { queued: true } : { queued: false, items: answer.items };
}

/** `onSaved` runs after every save (queued or made), with whether the offline queue took it. */
export function kitItemsLogic(onSaved: (queued: boolean) => void) {
  return kitItemsMachine.provide({
    actors: {
      loadKit: fromPromise(({ input, signal }) => loadKit(input.kitId, signal)),
      validateItems: fromPromise(async ({ input }) => checkLines(input.lines)),
      saveItems: fromPromise(({ input, signal }) => saveKitItems(input, signal)),
    },
    actions: {
      announceSaved: (_, params) => onSaved(params.queued),
    },
  });
}
