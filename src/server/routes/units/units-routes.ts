/**
 * /api/units (docs/api.md#endpoints "Units: /units CRUD and /bulk", plus import and export): a config of the
 * resource factory (docs/back-office.md). A unit a product still names cannot be deleted.
 */
import type { FastifyInstance } from 'fastify';
import { createUnitBody, UNIT_CSV_COLUMNS, unitSchema, updateUnitBody } from '../../../contracts/units';
import { products, units } from '../../db/schema/catalog';
import { defineResource, registerResource, usedBy } from '../../resources/resource-factory';
import { activeRowFields, BACK_OFFICE_STORE, namedList, uniqueName } from '../../resources/resource-parts';

export const DUPLICATE_UNIT_MESSAGE = 'A unit with this name already exists.';

export const UNIT_RESOURCE = defineResource({
  name: 'units',
  label: 'Unit',
  table: units,
  ...BACK_OFFICE_STORE,
  row: unitSchema,
  fields: activeRowFields({ name: 'name', abbreviation: 'abbreviation' }),
  createBody: createUnitBody,
  updateBody: updateUnitBody,
  list: namedList(units, [units.name, units.abbreviation]),
  unique: [uniqueName(units.name, 'units_store_name_key', DUPLICATE_UNIT_MESSAGE)],
  inUse: usedBy({ resource: 'products', table: products, column: products.unitId }),
  active: units.isActive,
  importColumns: UNIT_CSV_COLUMNS,
});

export function registerUnitRoutes(app: FastifyInstance): void {
  registerResource(app, UNIT_RESOURCE);
}
