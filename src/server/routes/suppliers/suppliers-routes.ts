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
import { products, suppliers } from '../../db/schema/catalog';
import { defineResource, registerResource, usedBy } from '../../resources/resource-factory';
import { activeRowFields, BACK_OFFICE_STORE, namedList, uniqueName } from '../../resources/resource-parts';

export const DUPLICATE_SUPPLIER_MESSAGE = 'A supplier with this name already exists.';

export const SUPPLIER_RESOURCE = defineResource({
  name: 'suppliers',
  label: 'Supplier',
  table: suppliers,
  ...BACK_OFFICE_STORE,
  row: supplierSchema,
  fields: activeRowFields({
    name: 'name',
    contact_name: 'contactName',
    phone: 'phone',
    email: 'email',
    address: 'address',
    note: 'note',
  }),
  createBody: createSupplierBody,
  updateBody: updateSupplierBody,
  list: namedList(suppliers, [suppliers.name, suppliers.contactName, suppliers.phone, suppliers.email]),
  unique: [uniqueName(suppliers.name, 'suppliers_store_name_key', DUPLICATE_SUPPLIER_MESSAGE)],
  inUse: usedBy({ resource: 'products', table: products, column: products.supplierId }),
  active: suppliers.isActive,
  importColumns: SUPPLIER_CSV_COLUMNS,
});

export function registerSupplierRoutes(app: FastifyInstance): void {
  registerResource(app, SUPPLIER_RESOURCE);
}
