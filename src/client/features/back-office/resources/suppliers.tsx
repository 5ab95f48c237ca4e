/**
 * Suppliers (/admin/suppliers; the API's /api/suppliers): who the store buys products from. Its config of the
 * one resource screen; its words are the admin-suppliers namespace.
 */
import { createSupplierBody, SUPPLIER_CSV_COLUMNS } from '../../../../contracts/suppliers';
import { ResourceScreen } from '../resource-screen';
import { namedRowsConfig, nameField } from './named-rows';

export const SUPPLIERS = namedRowsConfig({
  name: 'suppliers',
  namespace: 'admin-suppliers',
  columns: [
    { field: 'contact_name', label: 'fields.contact_name', hideBelow: 'md' },
    { field: 'phone', label: 'fields.phone', hideBelow: 'sm' },
    { field: 'email', label: 'fields.email', hideBelow: 'lg' },
  ],
  fields: [
    nameField(150),
    { name: 'contact_name', kind: 'text', label: 'fields.contact_name', maxLength: 150 },
    { name: 'phone', kind: 'tel', label: 'fields.phone', maxLength: 32 },
    { name: 'email', kind: 'email', label: 'fields.email', maxLength: 254 },
    { name: 'address', kind: 'textarea', label: 'fields.address', maxLength: 500 },
    { name: 'note', kind: 'textarea', label: 'fields.note', maxLength: 2000 },
  ],
  schema: createSupplierBody,
  defaults: { name: '', contact_name: '', phone: '', email: '', address: '', note: '' },
  importColumns: SUPPLIER_CSV_COLUMNS,
});

export function SuppliersScreen() {
  return <ResourceScreen config={SUPPLIERS} />;
}
