/**
 * Suppliers (/admin/suppliers; the API's /api/suppliers): who the store buys products from. Its config of the
 * one resource screen; its words are the admin-suppliers namespace.
 */
import { createSupplierBody, SUPPLIER_CSV_COLUMNS } from '../../../../contracts/suppliers';
import { ActiveBadge, ACTIVE_FILTER } from '../active-badge';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';

export const SUPPLIERS: ResourceConfig = {
  name: 'suppliers',
  namespace: 'admin-suppliers',
  columns: [
    { field: 'name', label: 'fields.name', sortable: true },
    { field: 'contact_name', label: 'fields.contact_name', hideBelow: 'md' },
    { field: 'phone', label: 'fields.phone', hideBelow: 'sm' },
    { field: 'email', label: 'fields.email', hideBelow: 'lg' },
    {
      field: 'is_active',
      label: 'fields.is_active',
      cell: (row) => <ActiveBadge active={row.is_active === true} />,
    },
  ],
  fields: [
    { name: 'name', kind: 'text', label: 'fields.name', required: true, maxLength: 150 },
    { name: 'contact_name', kind: 'text', label: 'fields.contact_name', maxLength: 150 },
    { name: 'phone', kind: 'tel', label: 'fields.phone', maxLength: 32 },
    { name: 'email', kind: 'email', label: 'fields.email', maxLength: 254 },
    { name: 'address', kind: 'textarea', label: 'fields.address', maxLength: 500 },
    { name: 'note', kind: 'textarea', label: 'fields.note', maxLength: 2000 },
    { name: 'is_active', kind: 'switch', label: 'fields.is_active' },
  ],
  schema: createSupplierBody,
  defaults: { name: '', contact_name: '', phone: '', email: '', address: '', note: '', is_active: true },
  defaultSort: 'name',
  filters: [ACTIVE_FILTER],
  bulkActions: ['delete', 'enable', 'disable'],
  importColumns: SUPPLIER_CSV_COLUMNS,
  canExport: true,
  rowLabel: (row) => String(row.name),
};

export function SuppliersScreen() {
  return <ResourceScreen config={SUPPLIERS} />;
}
