/**
 * Pure rules of the kit items chart (kit-items.machine.ts): the lines a loaded or saved list shows, and how
 * adding, changing and removing a product changes them. Kept apart so they are tested as plain functions.
 */
import type { KitItem } from '../../src/contracts/product-kits';
import type { KitLine, KitProduct } from './kit-items.types';

/** The server's items as lines, each with its product's price when the products list has it. */
export function linesOf(items: readonly KitItem[], products: readonly KitProduct[]): KitLine[] {
  const prices = new Map(products.map((p) => [p.id, p.price]));
  return items.map((item) => ({
    product_id: item.product_id,
    name: item.name,
    sku: item.sku,
    quantity: String(item.quantity),
    price: prices.get(item.product_id) ?? null,
  }));
}

/**
 * A product added to the kit: a new line of one, or, when the kit already holds it, one more of it (the
 * server takes each product once, docs/back-office-catalog.md "Product kits").
 */
export function addLine(lines: readonly KitLine[], product: KitProduct): KitLine[] {
  const held = lines.find((line) => line.product_id === product.id);
  if (held) {
    const count = Number(held.quantity);
    const next = Number.isSafeInteger(count) && count >= 0 ? String(count + 1) : held.quantity;
    return lines.map((line) => (line === held ? { ...line, quantity: next } : line));
  }
  return [
    ...lines,
    { product_id: product.id, name: product.name, sku: product.sku, quantity: '1', price: product.price },
  ];
}

/** The quantity as typed: kept as text, so a wrong entry stays on screen beside its error. */
export function withQuantity(lines: readonly KitLine[], productId: number, quantity: string): KitLine[] {
  return lines.map((line) => (line.product_id === productId ? { ...line, quantity } : line));
}

export function withoutLine(lines: readonly KitLine[], productId: number): KitLine[] {
  return lines.filter((line) => line.product_id !== productId);
}

/** The known products with `product` among them (a search found it): its price serves the lines once saved. */
export function withProduct(products: readonly KitProduct[], product: KitProduct): KitProduct[] {
  return products.some((p) => p.id === product.id) ? [...products] : [...products, product];
}

/** The products the add select offers: those the kit does not hold yet. */
export function productsToAdd(products: readonly KitProduct[], lines: readonly KitLine[]): KitProduct[] {
  const held = new Set(lines.map((line) => line.product_id));
  return products.filter((p) => !held.has(p.id));
}
