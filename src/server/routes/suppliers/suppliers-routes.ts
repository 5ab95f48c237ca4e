/**
 * /api/suppliers (docs/api.md#endpoints "Suppliers: GET and POST /suppliers; GET, POST (update), DELETE
 * /suppliers/{id}; POST /suppliers/bulk", plus import and export): a config of the resource factory
 * (docs/back-office.md). A supplier a product still names cannot be deleted.
 */
import type { FastifyInstance } from 'fastify';
import {
  createSupplierBody,
  SUPPLIER_CSV_COLUMNS,
  supplierSchema,
  updateSupplierBody,
} from '../../../contracts/suppliers';
import { MODULE } from '../../../domain/constants';
import { booleanFilter, lowerOf } from '../../db/list-query';
import { products, suppliers } from '../../db/schema/catalog';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';

export const DUPLICATE_SUPPLIER_MESSAGE = 'A supplier with this name already exists.';

export const SUPPLIER_RESOURCE = defineResource({
  name: 'suppliers',
  label: 'Supplier',
  table: suppliers,
  scope: 'store',
  module: MODULE.BACK_OFFICE,
  roles: BACK_OFFICE_ROLES,
  row: supplierSchema,
  fields: {
    id: 'id',
    name: 'name',
    contact_name: 'contactName',
    phone: 'phone',
    email: 'email',
    address: 'address',
    note: 'note',
    is_active: 'isActive',
    created_at: 'createdAt',
    updated_at: 'updatedAt',
  },
  createBody: createSupplierBody,
  updateBody: updateSupplierBody,
  list: {
    sort: { name: lowerOf(suppliers.name), created_at: suppliers.createdAt, updated_at: suppliers.updatedAt },
    defaultSort: 'name',
    tiebreak: suppliers.id,
    filters: { is_active: booleanFilter(suppliers.isActive) },
    search: [suppliers.name, suppliers.contactName, suppliers.phone, suppliers.email],
  },
  unique: [
    {
      field: 'name',
      column: suppliers.name,
      index: 'suppliers_store_name_key',
      message: DUPLICATE_SUPPLIER_MESSAGE,
      caseInsensitive: true,
    },
  ],
  inUse: usedBy({ resource: 'products', table: products, column: products.supplierId }),
  active: suppliers.isActive,
  importColumns: SUPPLIER_CSV_COLUMNS,
});

export function registerSupplierRoutes(app: FastifyInstance): void {
  registerResource(app, SUPPLIER_RESOURCE);
}
