/**
 * Customer groups (/admin/customer-groups; the API's /api/customer-groups): the labels a salon sorts its
 * clients by. Its config of the one resource screen; its words are the admin-customer-groups namespace.
 * "Writes refresh a cached customer_groups list" (docs/api.md#endpoints): after every write, the copies of
 * the groups list kept by the page and by the worker go (docs/back-office.md "What a write clears").
 */
import { createCustomerGroupBody, CUSTOMER_GROUP_CSV_COLUMNS } from '../../../../contracts/customer-groups';
import { clearCachedReads } from '../../../lib/api/read-caches';
import { ResourceScreen } from '../resource-screen';
import { namedRowsConfig, nameField } from './named-rows';

/** The groups list's reads (paths under the API base), every query of each: what a group's write makes stale. */
export const CUSTOMER_GROUP_READS = ['/customer-groups'];

export const CUSTOMER_GROUPS = namedRowsConfig({
  name: 'customer-groups',
  namespace: 'admin-customer-groups',
  columns: [{ field: 'description', label: 'fields.description', hideBelow: 'md' }],
  fields: [
    nameField(100),
    {
      name: 'description',
      kind: 'textarea',
      label: 'fields.description',
      hint: 'hints.description',
      maxLength: 500,
    },
  ],
  schema: createCustomerGroupBody,
  defaults: { name: '', description: '' },
  importColumns: CUSTOMER_GROUP_CSV_COLUMNS,
  afterWrite: () => clearCachedReads(CUSTOMER_GROUP_READS),
});

export function CustomerGroupsScreen() {
  return <ResourceScreen config={CUSTOMER_GROUPS} />;
}
