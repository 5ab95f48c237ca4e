/**
 * /api/customer-groups (docs/api.md#endpoints "Customer groups: GET and POST /customer-groups; GET, POST
 * (update), DELETE /customer-groups/{id}; POST /customer-groups/bulk; POST
 * /customer-groups/{id}/check-has-customer", plus import and export): a config of the resource factory
 * (docs/back-office.md), and the one route of its own. Groups are the tenant's, like the customers they
 * group (a chain's client is the same person in every shop); the screen is the Customer module's and the
 * admin's (docs/roles.md#access-rules, and the owner above them). A group a customer is in cannot be deleted.
 */
import type { FastifyInstance } from 'fastify';
import {
  createCustomerGroupBody,
  CUSTOMER_GROUP_CSV_COLUMNS,
  customerGroupSchema,
  customerGroupUsageSchema,
  updateCustomerGroupBody,
} from '../../../contracts/customer-groups';
import { resourceIdParamsSchema } from '../../../contracts/resource';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import { customerGroups, customers } from '../../db/schema/customers';
import { resourceRouting } from '../../resources/resource-config';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { activeRowFields, namedList, uniqueName } from '../../resources/resource-parts';
import { resourceRepository } from '../../resources/resource-repository';
import { route } from '../../route';

export const DUPLICATE_CUSTOMER_GROUP_MESSAGE = 'A customer group with this name already exists.';

export const CUSTOMER_GROUP_RESOURCE = defineResource({
  name: 'customer-groups',
  label: 'Customer group',
  table: customerGroups,
  scope: 'tenant',
  module: MODULE.CUSTOMER,
  roles: BACK_OFFICE_ROLES,
  row: customerGroupSchema,
  fields: activeRowFields({ name: 'name', description: 'description' }),
  createBody: createCustomerGroupBody,
  updateBody: updateCustomerGroupBody,
  list: namedList(customerGroups, [customerGroups.name, customerGroups.description]),
  unique: [
    uniqueName(customerGroups.name, 'customer_groups_tenant_name_key', DUPLICATE_CUSTOMER_GROUP_MESSAGE),
  ],
  inUse: usedBy({ resource: 'customers', table: customers, column: customers.customerGroupId }),
  active: customerGroups.isActive,
  importColumns: CUSTOMER_GROUP_CSV_COLUMNS,
});

/**
 * POST /api/customer-groups/{id}/check-has-customer → `{ has_customer, count }`: how many of the tenant's
 * customers are in the group, counted as the delete's in-use check counts them. A read (it changes nothing,
 * so it takes no Idempotency-Key and needs the module readable only); POST because the endpoint catalogue
 * says so. Another tenant's id, or none, is 404 like every route of the resource.
 */
function registerCheckHasCustomerRoute(app: FastifyInstance): void {
  const { base, tags, read } = resourceRouting(CUSTOMER_GROUP_RESOURCE);
  const repo = resourceRepository(CUSTOMER_GROUP_RESOURCE);
  route(app, {
    method: 'POST',
    url: `${base}/:id/check-has-customer`,
    summary: 'Whether any customer is in the group, and how many',
    tags,
    access: read,
    params: resourceIdParamsSchema,
    data: customerGroupUsageSchema,
    handler: async ({ db, params, request }) => {
      const auth = requireAuth(request);
      await repo.loadOr404(db, auth, params.id, false);
      const uses = await repo.usesOf(db, auth, params.id);
      const count = uses.reduce((sum, use) => sum + use.count, 0);
      return { has_customer: count > 0, count };
    },
  });
}

export function registerCustomerGroupRoutes(app: FastifyInstance): void {
  registerResource(app, CUSTOMER_GROUP_RESOURCE);
  registerCheckHasCustomerRoute(app);
}
