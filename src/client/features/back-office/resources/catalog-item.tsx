/**
 * What the service, product and kit configs share (their common fields are declared once in
 * src/contracts/catalog.ts): the price column, the form fields around each item's own, their defaults, what
 * their lists offer. Each namespace names them under the same keys (`fields.price`, `hints.taxes`...).
 */
import { clearCatalogCaches } from '../../../lib/api/catalog-cache';
import { MoneyCell } from '../../../components/money-cell';
import type { ColumnConfig, FieldConfig, ResourceConfig } from '../resource-config';
import type { ResourceRow } from '../../../../../machines/resource/resource.types';
import { namedRowsConfig } from './named-rows';
import type { OwnConfig } from './named-rows';

export const PRICE_COLUMN: ColumnConfig<ResourceRow> = {
  field: 'price',
  label: 'fields.price',
  sortable: true,
  cell: (row) => <MoneyCell minor={row.price} />,
};

/** The item's category, one of the store's categories of the item's type. */
export function categoryField(type: 'service' | 'product'): FieldConfig {
  return {
    name: 'category_id',
    kind: 'select',
    label: 'fields.category_id',
    required: true,
    optionsFrom: { resource: 'categories', filter: { type } },
  };
}

export const SKU_FIELD: FieldConfig = { name: 'sku', kind: 'text', label: 'fields.sku', maxLength: 64 };

export const PRICE_FIELD: FieldConfig = {
  name: 'price',
  kind: 'money',
  label: 'fields.price',
  required: true,
};
export const TAXES_FIELD: FieldConfig = {
  name: 'taxes',
  kind: 'text',
  label: 'fields.taxes',
  hint: 'hints.taxes',
  maxLength: 100,
};

/** The fields every item ends with before whether it is sold: its own commission, its order. */
const ITEM_TAIL_FIELDS: readonly FieldConfig[] = [
  { name: 'commission_rate', kind: 'number', label: 'fields.commission_rate', hint: 'hints.commission_rate' },
  { name: 'display_order', kind: 'number', label: 'fields.display_order' },
];

/** A new item's form for those fields. */
const ITEM_DEFAULTS = {
  name: '',
  price: '',
  cost: '',
  taxes: '',
  commission_rate: '',
  display_order: '0',
} as const;

/**
 * A catalog item's config from its own parts (namedRowsConfig): its own columns between the name and active
 * ones, the item fields after its own, the item defaults under its own, listed in its display order; a write
 * clears the sale screen's catalog caches (catalog-cache.ts).
 */
export function catalogItemConfig(own: OwnConfig): ResourceConfig {
  return namedRowsConfig({
    defaultSort: 'display_order',
    afterWrite: clearCatalogCaches,
    ...own,
    fields: [...own.fields, ...ITEM_TAIL_FIELDS],
    defaults: { ...ITEM_DEFAULTS, ...own.defaults },
  });
}
