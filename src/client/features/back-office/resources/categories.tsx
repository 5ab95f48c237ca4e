/**
 * Categories (/admin/categories; the API's /api/categories): the groups services and products are listed under
 * on the sale screen, each of one type. Its config of the one resource screen; its words are the
 * admin-categories namespace. The picture is an image field (a chosen one makes the save multipart); rows
 * move up and down through an update of their display order (categories have no ordering route).
 */
import { CATEGORY_CSV_COLUMNS, createCategoryBody } from '../../../../contracts/categories';
import { clearCatalogCaches } from '../../../lib/api/catalog-cache';
import { ACTIVE_FILTER } from '../active-badge';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import { LabelCell } from './label-cell';
import { ACTIVE_COLUMN, ACTIVE_FIELD, NAME_COLUMN, NAMED_ROWS_LIST, nameField } from './named-rows';

const TYPES = [
  { value: 'service', label: 'types.service' },
  { value: 'product', label: 'types.product' },
] as const;

export const CATEGORIES: ResourceConfig = {
  name: 'categories',
  namespace: 'admin-categories',
  columns: [
    NAME_COLUMN,
    {
      field: 'type',
      label: 'fields.type',
      sortable: true,
      cell: (row) => <LabelCell namespace="admin-categories" labelKey={`types.${String(row.type)}`} />,
    },
    { field: 'display_order', label: 'fields.display_order', sortable: true, hideBelow: 'sm' },
    ACTIVE_COLUMN,
  ],
  fields: [
    { name: 'type', kind: 'select', label: 'fields.type', required: true, options: TYPES },
    nameField(100),
    { name: 'display_order', kind: 'number', label: 'fields.display_order', hint: 'hints.display_order' },
    ACTIVE_FIELD,
    { name: 'image', kind: 'image', label: 'fields.image', preview: 'image_path' },
  ],
  schema: createCategoryBody,
  defaults: { type: 'service', name: '', display_order: '0', is_active: true },
  defaultSort: 'display_order',
  orderable: 'update',
  filters: [{ field: 'type', label: 'fields.type', options: TYPES }, ACTIVE_FILTER],
  ...NAMED_ROWS_LIST,
  importColumns: CATEGORY_CSV_COLUMNS,
  // The sale screen lists items under their categories (docs/back-office.md "What a write clears").
  afterWrite: clearCatalogCaches,
};

export function CategoriesScreen() {
  return <ResourceScreen config={CATEGORIES} />;
}
