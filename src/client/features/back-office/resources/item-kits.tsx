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
import { KitItemsPanel } from '../panels/kit-items-panel';
import { ResourceScreen } from '../resource-screen';
import { catalogItemConfig, PRICE_COLUMN, PRICE_FIELD, SKU_FIELD, TAXES_FIELD } from './catalog-item';
import { nameField } from './named-rows';

export const ITEM_KITS = catalogItemConfig({
  name: 'productkits',
  namespace: 'admin-item-kits',
  columns: [
    { field: 'sku', label: 'fields.sku', sortable: true, hideBelow: 'sm' },
    PRICE_COLUMN,
    { field: 'taxes', label: 'fields.taxes', hideBelow: 'md' },
  ],
  fields: [
    nameField(150),
    SKU_FIELD,
    PRICE_FIELD,
    { name: 'cost', kind: 'money', label: 'fields.cost' },
    TAXES_FIELD,
  ],
  schema: createProductKitBody,
  updateSchema: updateProductKitBody,
  defaults: {
    sku: '',
  },
  importColumns: PRODUCT_KIT_CSV_COLUMNS,
  rowActions: [{ id: 'items', label: 'rowActions.items', Panel: KitItemsPanel }],
});

export function ItemKitsScreen() {
  return <ResourceScreen config={ITEM_KITS} />;
}
