import type { KitItem } from '../../src/contracts/product-kits';
import type { Minor } from '../../src/domain/order.types';
import type { FieldIssues, ResourceError } from '../resource/resource.types';

/** A product the kit may hold, as the products list gives it (its unit price for the kit's total). */
export interface KitProduct {
  id: number;
  name: string;
  sku: string | null;
  price: Minor;
}

/** One line of the kit as the panel shows it: the quantity as typed, the product's price when known. */
export interface KitLine {
  product_id: number;
  name: string;
  sku: string | null;
  quantity: string;
  price: Minor | null;
}

export interface KitItemsInput {
  kitId: number;
  /** The kit's own price, shown beside the sum of its products' prices. */
  kitPrice: Minor;
}

/** What the load actor answers: the kit's items, and the products the select offers (with their prices). */
export interface KitItemsLoaded {
  items: readonly KitItem[];
  products: readonly KitProduct[];
}

/** The body the server takes (PUT /api/productkits/{id}/items), checked by the validate actor. */
export interface CheckedItem {
  product_id: number;
  quantity: number;
}

export interface ValidateItemsInput {
  lines: readonly KitLine[];
}

export interface SaveItemsInput {
  kitId: number;
  items: readonly CheckedItem[];
  idempotencyKey: string;
}

/** The saved list, or the offline queue's receipt (the write is sent when the connection returns). */
export type SaveItemsOutput = { queued: true } | { queued: false; items: readonly KitItem[] };

export interface KitItemsContext {
  kitId: number;
  kitPrice: Minor;
  /** The products the select offers without a search, and every product added since (their prices). */
  products: KitProduct[];
  /** What the panel shows and edits. */
  lines: KitLine[];
  /** The list as the server last gave it: what a discard goes back to. */
  stored: KitLine[];
  /** The lines as checked, on their way to the server. */
  checked: CheckedItem[] | null;
  /** Keyed `items.<index>.quantity`, or `items` for the list as a whole. */
  fieldErrors: FieldIssues;
  failure: ResourceError | null;
  /** The key of saving exactly these lines; any change drops it (docs/decisions/005-idempotency-keys.md). */
  idempotencyKey: string | null;
  /** The last save was taken by the offline queue, not yet made. */
  queued: boolean;
}

export type KitItemsEvent =
  | { type: 'retry' }
  | { type: 'connection.online' }
  /** The product as the list or a search gave it: one the first load did not bring is added with its price. */
  | { type: 'item.add'; product: KitProduct }
  | { type: 'item.quantity'; productId: number; quantity: string }
  | { type: 'item.remove'; productId: number }
  | { type: 'discard' }
  | { type: 'save'; idempotencyKey: string };
