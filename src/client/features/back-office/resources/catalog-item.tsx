/**
 * What the service, product and kit configs share (their common fields are declared once in
 * src/contracts/catalog.ts): the price column, the form fields after each item's own, their defaults. Each
 * namespace names them under the same keys (`fields.price`, `hints.taxes`...).
 */
import { ActiveBadge } from '../active-badge';
import { MoneyCell } from '../money-cell';
import type { ColumnConfig, FieldConfig } from '../resource-config';
import type { ResourceRow } from '../../../../../machines/resource/resource.types';

export const PRICE_COLUMN: ColumnConfig<ResourceRow> = {
  field: 'price',
  label: 'fields.price',
  sortable: true,
  cell: (row) => <MoneyCell minor={row.price} />,
};

export const ACTIVE_COLUMN: ColumnConfig<ResourceRow> = {
  field: 'is_active',
  label: 'fields.is_active',
  cell: (row) => <ActiveBadge active={row.is_active === true} />,
};

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

/** The fields every item ends with: its own commission, its order, whether it is sold. */
export const ITEM_TAIL_FIELDS: readonly FieldConfig[] = [
  { name: 'commission_rate', kind: 'number', label: 'fields.commission_rate', hint: 'hints.commission_rate' },
  { name: 'display_order', kind: 'number', label: 'fields.display_order' },
  { name: 'is_active', kind: 'switch', label: 'fields.is_active' },
];

/** A new item's form for those fields. */
export const ITEM_DEFAULTS = {
  price: '',
  cost: '',
  taxes: '',
  commission_rate: '',
  display_order: '0',
  is_active: true,
} as const;
