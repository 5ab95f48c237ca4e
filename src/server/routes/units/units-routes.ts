/**
 * /api/units (docs/api.md#endpoints "Units: /units CRUD and /bulk", plus import and export): a config of the
 * resource factory (docs/back-office.md). A unit a product still names cannot be deleted.
 */
import type { FastifyInstance } from 'fastify';
import { createUnitBody, UNIT_CSV_COLUMNS, unitSchema, updateUnitBody } from '../../../contracts/units';
import { MODULE } from '../../../domain/constants';
import { booleanFilter, lowerOf } from '../../db/list-query';
import { products, units } from '../../db/schema/catalog';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';

export const DUPLICATE_UNIT_MESSAGE = 'A unit with this name already exists.';

export const UNIT_RESOURCE = defineResource({
  name: 'units',
  label: 'Unit',
  table: units,
  scope: 'store',
  module: MODULE.BACK_OFFICE,
  roles: BACK_OFFICE_ROLES,
  row: unitSchema,
  fields: {
    id: 'id',
    name: 'name',
    abbreviation: 'abbreviation',
    is_active: 'isActive',
    created_at: 'createdAt',
    updated_at: 'updatedAt',
  },
  createBody: createUnitBody,
  updateBody: updateUnitBody,
  list: {
    sort: { name: lowerOf(units.name), created_at: units.createdAt, updated_at: units.updatedAt },
    defaultSort: 'name',
    tiebreak: units.id,
    filters: { is_active: booleanFilter(units.isActive) },
    search: [units.name, units.abbreviation],
  },
  unique: [
    {
      field: 'name',
      column: units.name,
      index: 'units_store_name_key',
      message: DUPLICATE_UNIT_MESSAGE,
      caseInsensitive: true,
    },
  ],
  inUse: usedBy({ resource: 'products', table: products, column: products.unitId }),
  active: units.isActive,
  importColumns: UNIT_CSV_COLUMNS,
});

export function registerUnitRoutes(app: FastifyInstance): void {
  registerResource(app, UNIT_RESOURCE);
}
