/**
 * Units (/admin/units; the API's /api/units): what a product is counted in. Its config of the one resource
 * screen; its words are the admin-units namespace.
 */
import { createUnitBody, UNIT_CSV_COLUMNS } from '../../../../contracts/units';
import { ActiveBadge, ACTIVE_FILTER } from '../active-badge';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';

export const UNITS: ResourceConfig = {
  name: 'units',
  namespace: 'admin-units',
  columns: [
    { field: 'name', label: 'fields.name', sortable: true },
    { field: 'abbreviation', label: 'fields.abbreviation', hideBelow: 'sm' },
    {
      field: 'is_active',
      label: 'fields.is_active',
      cell: (row) => <ActiveBadge active={row.is_active === true} />,
    },
  ],
  fields: [
    { name: 'name', kind: 'text', label: 'fields.name', required: true, maxLength: 100 },
    {
      name: 'abbreviation',
      kind: 'text',
      label: 'fields.abbreviation',
      hint: 'hints.abbreviation',
      maxLength: 20,
    },
    { name: 'is_active', kind: 'switch', label: 'fields.is_active' },
  ],
  schema: createUnitBody,
  defaults: { name: '', abbreviation: '', is_active: true },
  defaultSort: 'name',
  filters: [ACTIVE_FILTER],
  bulkActions: ['delete', 'enable', 'disable'],
  importColumns: UNIT_CSV_COLUMNS,
  canExport: true,
  rowLabel: (row) => String(row.name),
};

export function UnitsScreen() {
  return <ResourceScreen config={UNITS} />;
}
