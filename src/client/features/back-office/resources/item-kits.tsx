/**
 * Product kits (/admin/item_kits; the API's /api/productkits, docs/back-office-catalog.md): products sold
 * together as one item at the kit's own price and taxes. Its config of the one resource screen; its words are
 * the admin-item-kits namespace. The kit's own fields are edited in the editor; its list of products
 * (/productkits/{id}/items) in the "Items" row action's panel (panels/kit-items-panel.tsx). Money is typed
 * in the currency's units, sent in minor units (money-fields.ts). A write (the kit's items too) clears the
 * sale screen's catalog caches (catalog-cache.ts).
 */
import {
  createProductKitBody,
  PRODUCT_KIT_CSV_COLUMNS,
  updateProductKitBody,
} from '../../../../contracts/product-kits';
import { clearCatalogCaches } from '../../../lib/api/catalog-cache';
import { ACTIVE_FILTER } from '../active-badge';
import { KitItemsPanel } from '../panels/kit-items-panel';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import {
  ACTIVE_COLUMN,
  ITEM_DEFAULTS,
  ITEM_TAIL_FIELDS,
  PRICE_COLUMN,
  PRICE_FIELD,
  TAXES_FIELD,
} from './catalog-item';

export const ITEM_KITS: ResourceConfig = {
  name: 'productkits',
  namespace: 'admin-item-kits',
  columns: [
    { field: 'name', label: 'fields.name', sortable: true },
    { field: 'sku', label: 'fields.sku', sortable: true, hideBelow: 'sm' },
    PRICE_COLUMN,
    { field: 'taxes', label: 'fields.taxes', hideBelow: 'md' },
    ACTIVE_COLUMN,
  ],
  fields: [
    { name: 'name', kind: 'text', label: 'fields.name', required: true, maxLength: 150 },
    { name: 'sku', kind: 'text', label: 'fields.sku', maxLength: 64 },
    PRICE_FIELD,
    { name: 'cost', kind: 'money', label: 'fields.cost' },
    TAXES_FIELD,
    ...ITEM_TAIL_FIELDS,
  ],
  schema: createProductKitBody,
  updateSchema: updateProductKitBody,
  defaults: {
    ...ITEM_DEFAULTS,
    name: '',
    sku: '',
  },
  defaultSort: 'display_order',
  filters: [ACTIVE_FILTER],
  bulkActions: ['delete', 'enable', 'disable'],
  importColumns: PRODUCT_KIT_CSV_COLUMNS,
  canExport: true,
  rowActions: [{ id: 'items', label: 'rowActions.items', Panel: KitItemsPanel }],
  rowLabel: (row) => String(row.name),
  afterWrite: clearCatalogCaches,
};

export function ItemKitsScreen() {
  return <ResourceScreen config={ITEM_KITS} />;
}
