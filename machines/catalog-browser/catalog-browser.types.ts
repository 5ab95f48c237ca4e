/**
 * Context, events and actor contracts of the catalog browser (the sale screen's item picker and employee
 * list: "pick employees (checked-in first), add services, products, kits and gift cards from categories with
 * search").
 */
import type { ServiceProductSetting } from '../../src/contracts/catalog';
import type { CheckedInEmployee, EmployeeView } from '../../src/contracts/employees';
import type { CatalogItem } from '../../src/domain/order-editing';
import type { Employee, Minor } from '../../src/domain/order.types';

/** What the app's loadCatalog actor answers: the three start-up reads of the sale screen (docs/sales.md#the-sale-screen). */
export interface CatalogLoadOutput {
  /** GET service/product setting (cached under the spec's key). */
  catalog: ServiceProductSetting;
  /** GET employee list; empty when it could not be read (the checked-in list still gives who is working). */
  employees: readonly EmployeeView[];
  /** GET checked-in employees (cached under the spec's key); first checked in first. */
  checkedIn: readonly CheckedInEmployee[];
  /** The store's daily check-in is on: technicians are offered only once clocked in (absent: off). */
  onlyCheckedInTechnicians?: boolean;
}

export type TileKind = 'service' | 'product' | 'kit' | 'giftcard';

/** One button of the item grid. */
export interface CatalogTile {
  /** Unique and stable across reloads: the React key and the test id. */
  key: string;
  kind: TileKind;
  /** What `line.add` receives; null for the gift card tile, whose number and amount are asked first. */
  item: CatalogItem | null;
  /** null for the gift card tile: its label is translated by the screen. */
  name: string | null;
  price: Minor | null;
  /** The category name (services, products), shown under the name. */
  detail: string | null;
  /** Lower case, accents removed: the text a search matches, computed once when the catalog loads. */
  haystack: string;
}

export type TabId = 'all' | 'kits' | 'giftcards' | `category-${number}`;

export interface CatalogTab {
  id: TabId;
  kind: 'all' | 'category' | 'kits' | 'giftcards';
  /** The category's name; null for the fixed tabs, which the screen translates. */
  name: string | null;
  /** Tiles in the tab. */
  count: number;
}

/** The catalog prepared once for fast browsing (catalog-index.ts). */
export interface CatalogIndex {
  tabs: readonly CatalogTab[];
  tilesByTab: Readonly<Partial<Record<TabId, readonly CatalogTile[]>>>;
}

/** An employee to put on the ticket, as the employee bar lists them. */
export interface EmployeeChoice {
  employee: Employee;
  checkedIn: boolean;
  isTechnician: boolean;
}

export interface CatalogError {
  /** Maps to the i18n key `sale.errors.<code>`. */
  code: string;
  message?: string;
}

export interface CatalogBrowserContext {
  index: CatalogIndex | null;
  employees: readonly EmployeeChoice[];
  tab: TabId;
  /** What the cashier typed (kept as typed; normalised when matching). */
  search: string;
  error: CatalogError | null;
}

export type CatalogBrowserEvent =
  | { type: 'tab.select'; tab: TabId }
  | { type: 'search.change'; text: string }
  | { type: 'search.clear' }
  | { type: 'catalog.retry' };
