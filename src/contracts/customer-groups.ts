/**
 * Customer groups (docs/api.md#endpoints "Customer groups: GET and POST /customer-groups; GET, POST (update),
 * DELETE /customer-groups/{id}; POST /customer-groups/bulk; POST /customer-groups/{id}/check-has-customer",
 * plus import and export): the labels a salon sorts its clients by ('Regulars', 'Students'). A back-office
 * resource (docs/back-office.md); the list, import, export and bulk shapes are src/contracts/resource.ts.
 */
import { z } from 'zod';
import { nameField, optionalText, resourceRowSchema } from './resource';
import { queryBoolean } from './customers';

export const customerGroupSchema = resourceRowSchema({
  name: z.string(),
  description: z.string().nullable(),
});
export type CustomerGroup = z.infer<typeof customerGroupSchema>;

const customerGroupFields = {
  name: nameField(100),
  description: optionalText(500, 'The description'),
  is_active: queryBoolean.optional(),
};

export const createCustomerGroupBody = z.strictObject(customerGroupFields);
export type CreateCustomerGroupBody = z.output<typeof createCustomerGroupBody>;
export const updateCustomerGroupBody = z.strictObject(customerGroupFields).partial();
export type UpdateCustomerGroupBody = z.output<typeof updateCustomerGroupBody>;

/** CSV columns of import and export, in file order. */
export const CUSTOMER_GROUP_CSV_COLUMNS = ['name', 'description', 'is_active'] as const;

/**
 * POST /customer-groups/{id}/check-has-customer: whether any of the tenant's customers is in the group, and
 * how many, so a screen can say so before a delete the server would refuse (409 `in_use`).
 */
export const customerGroupUsageSchema = z.object({
  has_customer: z.boolean(),
  count: z.number().int().min(0),
});
export type CustomerGroupUsage = z.infer<typeof customerGroupUsageSchema>;
