/**
 * Products (/admin/product; the API's /api/products, docs/back-office-catalog.md): what the salon sells off
 * the shelf, with its stock. Its config of the one resource screen; its words are the admin-products
 * namespace. The stock column is the count on hand; changing it on an edit records a movement with the
 * chosen reason and note (the server keeps it, "Stock" in docs/back-office-catalog.md), listed by the "Stock
 * history" row action's panel (panels/stock-history-panel.tsx). Price and cost are typed in the currency's
 * units and sent in minor units (money-fields.ts). A write clears the sale screen's catalog caches
 * (catalog-cache.ts).
 */
import {
  createProductBody,
  DEFAULT_STOCK_REASON,
  PRODUCT_CSV_COLUMNS,
  updateProductBody,
} from '../../../../contracts/products';
import { StockHistoryPanel } from '../panels/stock-history-panel';
import { ResourceScreen } from '../resource-screen';
import {
  catalogItemConfig,
  categoryField,
  PRICE_COLUMN,
  PRICE_FIELD,
  SKU_FIELD,
  TAXES_FIELD,
} from './catalog-item';
import { nameField } from './named-rows';

/** The reasons the form offers for a stock change (the server takes any short text). */
const STOCK_REASONS = [DEFAULT_STOCK_REASON, 'received', 'count', 'damaged', 'returned'].map((value) => ({
  value,
  label: `reasons.${value}`,
}));

export const PRODUCTS = catalogItemConfig({
  name: 'products',
  namespace: 'admin-products',
  columns: [
    { field: 'sku', label: 'fields.sku', sortable: true, hideBelow: 'md' },
    PRICE_COLUMN,
    { field: 'stock_quantity', label: 'fields.stock_quantity', sortable: true },
    { field: 'taxes', label: 'fields.taxes', hideBelow: 'lg' },
  ],
  fields: [
    categoryField('product'),
    nameField(150),
    SKU_FIELD,
    { name: 'barcode', kind: 'text', label: 'fields.barcode', maxLength: 64 },
    PRICE_FIELD,
    { name: 'cost', kind: 'money', label: 'fields.cost' },
    TAXES_FIELD,
    { name: 'unit_id', kind: 'select', label: 'fields.unit_id', optionsFrom: { resource: 'units' } },
    {
      name: 'supplier_id',
      kind: 'select',
      label: 'fields.supplier_id',
      optionsFrom: { resource: 'suppliers' },
    },
    { name: 'stock_quantity', kind: 'number', label: 'fields.stock_quantity', hint: 'hints.stock_quantity' },
    {
      name: 'stock_reason',
      kind: 'select',
      label: 'fields.stock_reason',
      hint: 'hints.stock_reason',
      options: STOCK_REASONS,
      editOnly: true,
    },
    { name: 'stock_note', kind: 'text', label: 'fields.stock_note', maxLength: 500, editOnly: true },
  ],
  schema: createProductBody,
  updateSchema: updateProductBody,
  defaults: {
    category_id: '',
    sku: '',
    barcode: '',
    unit_id: '',
    supplier_id: '',
    stock_quantity: '0',
  },
  orderable: 'ordering',
  importColumns: PRODUCT_CSV_COLUMNS,
  rowActions: [{ id: 'stock-history', label: 'rowActions.stockHistory', Panel: StockHistoryPanel }],
});

export function ProductsScreen() {
  return <ResourceScreen config={PRODUCTS} />;
}
