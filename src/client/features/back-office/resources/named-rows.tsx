/**
 * What the configs of resources whose rows carry a `name` and an `is_active` flag share (units, suppliers,
 * categories, members, services, products, kits): the name column and field, the active column, filter and
 * switch, and what their lists offer (delete, enable, disable, export; a row is named by its name).
 */
import { ActiveBadge, ACTIVE_FILTER } from '../active-badge';
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

/** A config's own parts: what it lists, edits and checks; the rest has a default it may replace. */
export type OwnConfig = Omit<ResourceConfig, 'bulkActions' | 'canExport' | 'rowLabel'>;

/**
 * The config of a resource of named rows whose name opens the table and whose active flag closes it (units,
 * suppliers, catalog items): the name column first and the active one last around its own columns, the
 * active switch after its own fields (a new row active), listed by name and filtered by active unless it
 * says otherwise, with the list offers above.
 */
export function namedRowsConfig(own: OwnConfig): ResourceConfig {
  return {
    ...NAMED_ROWS_LIST,
    defaultSort: 'name',
    filters: [ACTIVE_FILTER],
    ...own,
    columns: [NAME_COLUMN, ...own.columns, ACTIVE_COLUMN],
    fields: [...own.fields, ACTIVE_FIELD],
    defaults: { ...own.defaults, is_active: true },
  };
}
