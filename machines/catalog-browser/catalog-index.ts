/**
 * The catalog prepared once for browsing (target: a tap on an item must update the total within 50 ms
 * with a 20,000-item catalog). Everything a search or a tab change needs is computed when the catalog loads:
 * the tiles of each tab, and each tile's search text in lower case without accents. A keystroke then costs
 * one substring test per tile of the tab, and at most MAX_VISIBLE_TILES tiles are ever rendered.
 *
 * Pure: no React, no I/O; the machine calls buildCatalogIndex in an assign, the selectors call filterTiles.
 */
import type { ServiceProductSetting } from '../../src/contracts/catalog';
import type { CheckedInEmployee, EmployeeView } from '../../src/contracts/employees';
import { ITEM_TYPE } from '../../src/domain/constants';
import type { CatalogItem } from '../../src/domain/order-editing';
import type { CatalogIndex, CatalogTab, CatalogTile, EmployeeChoice, TabId } from './catalog-browser.types';

/**
 * Tiles rendered at most: a 10-inch screen shows about 30 at once, and rendering thousands would make every
 * keystroke slow. Past it the screen asks the cashier to refine the search.
 */
export const MAX_VISIBLE_TILES = 60;
/** A search longer than this is cut: no item name is longer, and it bounds the work of one keystroke. */
export const MAX_SEARCH_LENGTH = 100;

export const GIFTCARD_TILE_KEY = 'giftcard';

/**
 * Lower case, accents and extra spaces removed, so "Móng" matches "mong" and "ĐẮP" matches "dap" (Vietnamese
 * names are often typed without their marks on a tablet keyboard). NFD also splits Korean syllables into
 * jamo on both sides, so a syllable still being composed by the keyboard matches the names it begins.
 */
export function normaliseSearch(text: string): string {
  return text
    .slice(0, MAX_SEARCH_LENGTH)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

function tab(id: TabId, kind: CatalogTab['kind'], name: string | null, count: number): CatalogTab {
  return { id, kind, name, count };
}

function catalogItem(
  source: {
    item_id: number;
    name: string;
    taxes: string;
    unit_price: number;
    cost: number;
    commission_rate?: number;
  },
  itemType: CatalogItem['item_type'],
): CatalogItem {
  // Only the fields an order line keeps (order-editing.ts lineFromCatalog), not the catalog's display fields.
  return {
    item_id: source.item_id,
    item_type: itemType,
    name: source.name,
    taxes: source.taxes,
    unit_price: source.unit_price,
    cost: source.cost,
    ...(source.commission_rate !== undefined ? { commission_rate: source.commission_rate } : {}),
  };
}

export function buildCatalogIndex(catalog: ServiceProductSetting): CatalogIndex {
  const tabs: CatalogTab[] = [];
  const tilesByTab: Partial<Record<TabId, readonly CatalogTile[]>> = {};
  const all: CatalogTile[] = [];

  for (const category of catalog.categories) {
    const id: TabId = `category-${category.id}`;
    const tiles: CatalogTile[] =
      category.type === 'service'
        ? category.services.map((s) => ({
            key: `service-${s.item_id}`,
            kind: 'service',
            item: catalogItem(s, ITEM_TYPE.SERVICE),
            name: s.name,
            price: s.unit_price,
            detail: category.name,
            haystack: normaliseSearch(s.name),
          }))
        : category.products.map((p) => ({
            key: `product-${p.item_id}`,
            kind: 'product',
            item: catalogItem(p, ITEM_TYPE.PRODUCT),
            name: p.name,
            price: p.unit_price,
            detail: category.name,
            haystack: normaliseSearch(p.sku ? `${p.name} ${p.sku}` : p.name),
          }));
    tabs.push(tab(id, 'category', category.name, tiles.length));
    tilesByTab[id] = tiles;
    for (const tile of tiles) all.push(tile);
  }

  const kits: CatalogTile[] = catalog.kits.map((k) => ({
    key: `kit-${k.item_id}`,
    kind: 'kit',
    item: catalogItem(k, ITEM_TYPE.PRODUCT_KIT),
    name: k.name,
    price: k.unit_price,
    detail: null,
    haystack: normaliseSearch(k.sku ? `${k.name} ${k.sku}` : k.name),
  }));
  for (const tile of kits) all.push(tile);

  // A gift card is sold by number and amount (sales contract: item_type 90, giftcard_number, price), so its
  // tile opens a form instead of adding a line. Its label is translated, so no search text matches it.
  const giftcard: CatalogTile = {
    key: GIFTCARD_TILE_KEY,
    kind: 'giftcard',
    item: null,
    name: null,
    price: null,
    detail: null,
    haystack: '',
  };
  all.push(giftcard);

  tilesByTab.all = all;
  tabs.unshift(tab('all', 'all', null, all.length));
  if (kits.length > 0) {
    tilesByTab.kits = kits;
    tabs.push(tab('kits', 'kits', null, kits.length));
  }
  tilesByTab.giftcards = [giftcard];
  tabs.push(tab('giftcards', 'giftcards', null, 1));
  return { tabs, tilesByTab };
}

export interface VisibleTiles {
  /** At most MAX_VISIBLE_TILES, in catalog order. */
  tiles: readonly CatalogTile[];
  /** How many tiles of the tab match. */
  total: number;
}

/** The tiles of `tabId` matching every word of `search`; an empty search matches the whole tab. */
export function filterTiles(index: CatalogIndex, tabId: TabId, search: string): VisibleTiles {
  const source = index.tilesByTab[tabId] ?? [];
  const query = normaliseSearch(search);
  if (query === '') return { tiles: source.slice(0, MAX_VISIBLE_TILES), total: source.length };
  const terms = query.split(' ');
  const tiles: CatalogTile[] = [];
  let total = 0;
  for (const tile of source) {
    const text = tile.haystack;
    if (text === '') continue;
    let hit = true;
    for (const term of terms) {
      if (!text.includes(term)) {
        hit = false;
        break;
      }
    }
    if (!hit) continue;
    total += 1;
    if (tiles.length < MAX_VISIBLE_TILES) tiles.push(tile);
  }
  return { tiles, total };
}

/**
 * The employee bar's list ("pick employees (checked-in first)"): who is clocked in, first checked in
 * first (the server's order, also the turn order), then everyone else in the server's order (technicians
 * first). An employee on both lists appears once. With the store's daily check-in on
 * (`enable_checkin_employee_daily`, docs/front-desk.md "Clock in and out"), a technician who has not clocked in
 * is not offered; staff who do no services (a receptionist selling a product) still are.
 */
export function employeeChoices(
  employees: readonly EmployeeView[],
  checkedIn: readonly CheckedInEmployee[],
  { onlyCheckedInTechnicians = false }: { onlyCheckedInTechnicians?: boolean } = {},
): EmployeeChoice[] {
  const seen = new Set<number>();
  const choices: EmployeeChoice[] = [];
  const push = (e: EmployeeView, isCheckedIn: boolean): void => {
    if (seen.has(e.id)) return;
    seen.add(e.id);
    choices.push({
      employee: { id: e.id, name: e.name, commission_rate: e.commission_rate },
      checkedIn: isCheckedIn,
      isTechnician: e.is_technician,
    });
  };
  for (const e of checkedIn) push(e, true);
  // The employee list says who is clocked in too: it still sorts them first when the checked-in read failed.
  for (const e of employees) if (e.checked_in) push(e, true);
  for (const e of employees) if (!(onlyCheckedInTechnicians && e.is_technician)) push(e, false);
  return choices;
}
