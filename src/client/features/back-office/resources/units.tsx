/**
 * Units (/admin/units; the API's /api/units): what a product is counted in. Its config of the one resource
 * screen; its words are the admin-units namespace.
 */
import { createUnitBody, UNIT_CSV_COLUMNS } from '../../../../contracts/units';
import { ACTIVE_FILTER } from '../active-badge';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import { ACTIVE_COLUMN, ACTIVE_FIELD, NAME_COLUMN, NAMED_ROWS_LIST, nameField } from './named-rows';

export const UNITS: ResourceConfig = {
  name: 'units',
  namespace: 'admin-units',
  columns: [
    NAME_COLUMN,
    { field: 'abbreviation', label: 'fields.abbreviation', hideBelow: 'sm' },
    ACTIVE_COLUMN,
  ],
  fields: [
    nameField(100),
    {
      name: 'abbreviation',
      kind: 'text',
      label: 'fields.abbreviation',
      hint: 'hints.abbreviation',
      maxLength: 20,
    },
    ACTIVE_FIELD,
  ],
  schema: createUnitBody,
  defaults: { name: '', abbreviation: '', is_active: true },
  defaultSort: 'name',
  filters: [ACTIVE_FILTER],
  ...NAMED_ROWS_LIST,
  importColumns: UNIT_CSV_COLUMNS,
};

export function UnitsScreen() {
  return <ResourceScreen config={UNITS} />;
}
