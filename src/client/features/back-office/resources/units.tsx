/**
 * Units (/admin/units; the API's /api/units): what a product is counted in. Its config of the one resource
 * screen; its words are the admin-units namespace.
 */
import { createUnitBody, UNIT_CSV_COLUMNS } from '../../../../contracts/units';
import { ResourceScreen } from '../resource-screen';
import { namedRowsConfig, nameField } from './named-rows';

export const UNITS = namedRowsConfig({
  name: 'units',
  namespace: 'admin-units',
  columns: [{ field: 'abbreviation', label: 'fields.abbreviation', hideBelow: 'sm' }],
  fields: [
    nameField(100),
    {
      name: 'abbreviation',
      kind: 'text',
      label: 'fields.abbreviation',
      hint: 'hints.abbreviation',
      maxLength: 20,
    },
  ],
  schema: createUnitBody,
  defaults: { name: '', abbreviation: '' },
  importColumns: UNIT_CSV_COLUMNS,
});

export function UnitsScreen() {
  return <ResourceScreen config={UNITS} />;
}
