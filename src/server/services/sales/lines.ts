/**
 * One line of a sale body against the store's catalog: the server's name, price, taxes, cost and commission,
 * a price override when the body's price differs from the catalog's, and the gift card sold.
 */
import { inArray } from 'drizzle-orm';
import type { OrderItemInput } from '../../../contracts/sales';
import { ITEM_TYPE } from '../../../domain/constants';
import type { ItemType } from '../../../domain/constants';
import type { OrderItem, OrderSettings } from '../../../domain/order.types';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { productKits, products, services } from '../../db/schema/catalog';
import { storeWhere } from '../../db/scoped';
import { containsCardNumber } from '../../../contracts/payments';
import { GIFTCARD_LOOKS_LIKE_CARD_MESSAGE } from './messages';
import type { FieldErrorList } from './validation';
import { giftcardNumberOf, keptLineDiscounts } from './validation';

interface CatalogRow {
  id: number;
  name: string;
  price: number;
  taxes: string;
  cost: number;
  commissionRate: number | null;
  isActive: boolean;
}

export async function loadCatalog(
  db: Queryable,
  auth: AuthContext,
  ids: Record<1 | 2 | 3, number[]>,
): Promise<Record<1 | 2 | 3, Map<number, CatalogRow>>> {
  const out: Record<1 | 2 | 3, Map<number, CatalogRow>> = { 1: new Map(), 2: new Map(), 3: new Map() };
  const tables = [
    [ITEM_TYPE.SERVICE, services],
    [ITEM_TYPE.PRODUCT, products],
    [ITEM_TYPE.PRODUCT_KIT, productKits],
  ] as const;
  for (const [type, table] of tables) {
    const wanted = [...new Set(ids[type])];
    if (wanted.length === 0) continue;
    const rows = await db
      .select({
        id: table.id,
        name: table.name,
        price: table.price,
        taxes: table.taxes,
        cost: table.cost,
        commissionRate: table.commissionRate,
        isActive: table.isActive,
      })
      .from(table)
      .where(storeWhere(table, auth, inArray(table.id, wanted)));
    for (const row of rows) out[type].set(row.id, row);
  }
  return out;
}

export interface PriceOverride {
  employee_id: number;
  item_id: number;
  item_type: ItemType;
  name: string;
  unit_price: number;
  price: number;
}

export function buildLine(
  input: OrderItemInput,
  field: string,
  settings: OrderSettings,
  catalog: Record<1 | 2 | 3, Map<number, CatalogRow>>,
  inactiveCards: ReadonlySet<string>,
  errors: FieldErrorList,
): {
  item: OrderItem;
  override?: Omit<PriceOverride, 'employee_id'>;
  giftcard?: { number: string; amount: number };
} {
  const discounts = keptLineDiscounts(input.discounts);
  if (new Set(discounts.map((d) => d.type)).size !== discounts.length) {
    errors.add(`${field}.discounts`, 'A line has at most one item discount and one employee discount.');
  }
  const common = {
    quantity: input.quantity,
    discounts,
    info: input.info ?? null,
    // WHY: the line keeps the tax rules it was rung under (order.types.ts); the server's are the store's now.
    tax_on: settings.config_tax_on_tax,
    indian_tax: settings.config_indian_tax,
  };
  if (input.item_type === ITEM_TYPE.GIFTCARD) {
    const number = giftcardNumberOf(input.giftcard_number);
    const amount = input.price ?? input.unit_price ?? 0;
    // A number that reads as a card number (13-19 digits passing Luhn) could be sold but never spent: the
    // payments contract refuses it as a reference (contracts/payments.ts), and it must never be stored.
    const cardLike =
      containsCardNumber(input.giftcard_number ?? '') || (!!number && containsCardNumber(number));
    if (!number) errors.add(`${field}.giftcard_number`, 'Enter the number of the gift card sold.');
    else if (cardLike) errors.add(`${field}.giftcard_number`, GIFTCARD_LOOKS_LIKE_CARD_MESSAGE);
    else if (inactiveCards.has(number))
      errors.add(`${field}.giftcard_number`, 'This gift card is deactivated.');
    if (!(amount > 0)) errors.add(`${field}.price`, 'Enter the amount of the gift card.');
    if (discounts.length > 0) errors.add(`${field}.discounts`, 'A gift card is sold at its value.');
    const item: OrderItem = {
      ...common,
      discounts: [],
      item_id: 0,
      item_type: ITEM_TYPE.GIFTCARD,
      name: number ? `Gift card ${number}` : 'Gift card',
      taxes: '',
      unit_price: amount,
      price: null,
      giftcard_number: number,
      cost: 0,
    };
    return number && amount > 0 && !cardLike
      ? { item, giftcard: { number, amount: amount * input.quantity } }
      : { item };
  }
  const row = catalog[input.item_type].get(input.item_id);
  if (!row || !row.isActive) {
    errors.add(`${field}.item_id`, 'This item is not sold in this store (unknown or inactive).');
  }
  const unitPrice = row?.price ?? 0;
  const override =
    input.price !== null && input.price !== undefined && input.price !== unitPrice ? input.price : null;
  const item: OrderItem = {
    ...common,
    item_id: input.item_id,
    item_type: input.item_type,
    name: row?.name ?? '',
    taxes: row?.taxes ?? '',
    unit_price: unitPrice,
    price: override,
    giftcard_number: null,
    cost: row?.cost ?? 0,
    ...(row?.commissionRate !== null && row?.commissionRate !== undefined
      ? { commission_rate: row.commissionRate }
      : {}),
  };
  return override === null || !row
    ? { item }
    : {
        item,
        override: {
          item_id: input.item_id,
          item_type: input.item_type,
          name: row.name,
          unit_price: unitPrice,
          price: override,
        },
      };
}
