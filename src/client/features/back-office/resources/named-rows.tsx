/**
 * What the configs of resources whose rows carry a `name` and an `is_active` flag share (units, suppliers,
 * categories, members, services, products, kits): the name column and field, the active column, filter and
 * switch, and what their lists offer (delete, enable, disable, export; a row is named by its name).
 */
import { ActiveBadge } from '../active-badge';
import type { ColumnConfig, FieldConfig, ResourceConfig } from '../resource-config';
import type { ResourceRow } from '../../../../../machines/resource/resource.types';

export const NAME_COLUMN: ColumnConfig<ResourceRow> = { field: 'name', label: 'fields.name', sortable: true };

export const ACTIVE_COLUMN: ColumnConfig<ResourceRow> = {
  field: 'is_active',
  label: 'fields.is_active',
  cell: (row) => <ActiveBadge active={row.is_active === true} />,
};

/** The required name, as long as the resource's column allows. */
export function nameField(maxLength: number): FieldConfig {
  return { name: 'name', kind: 'text', label: 'fields.name', required: true, maxLength };
}

export const ACTIVE_FIELD: FieldConfig = { name: 'is_active', kind: 'switch', label: 'fields.is_active' };

/** What the list offers for such rows. */
export const NAMED_ROWS_LIST: Pick<ResourceConfig, 'bulkActions' | 'canExport' | 'rowLabel'> = {
  bulkActions: ['delete', 'enable', 'disable'],
  canExport: true,
  rowLabel: (row) => String(row.name),
};
