/**
 * /api/expenses (docs/api.md#endpoints "Expenses: GET /expenses, POST /expenses, GET/PUT/DELETE
 * /expenses/{id}, POST /expenses/bulk", plus import and export): a config of the resource factory
 * (docs/back-office.md, docs/back-office-catalog.md) with PUT updates. Who paid must be a user of the tenant.
 */
import { eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createExpenseBody,
  EXPENSE_CSV_COLUMNS,
  expenseDateFilter,
  expenseSchema,
  updateExpenseBody,
} from '../../../contracts/expenses';
import { idFilter, listFilter, lowerOf } from '../../db/list-query';
import { expenses } from '../../db/schema/expenses';
import { users } from '../../db/schema/users';
import { defineResource, registerResource } from '../../resources/resource-factory';
import { fieldValues } from '../../resources/resource-repository';
import { BACK_OFFICE_STORE, checkReference, timestampSorts } from '../../resources/resource-parts';
import type { Reference } from '../../resources/resource-parts';

export const NO_SUCH_PAYER_MESSAGE = 'Choose a member of this salon.';

/** Who paid: a member of the salon, in any of its stores. */
const PAYER_REFERENCE: Reference = {
  table: users,
  scope: 'tenant',
  field: 'paid_by',
  message: NO_SUCH_PAYER_MESSAGE,
};

/** The row's fields and their columns: both ways, the plain mapping (resource-config.ts `fields`). */
const EXPENSE_FIELDS = {
  id: 'id',
  category: 'category',
  amount: 'amount',
  date: 'expenseDate',
  paid_by: 'paidBy',
  note: 'note',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

export const EXPENSE_RESOURCE = defineResource({
  name: 'expenses',
  label: 'Expense',
  table: expenses,
  ...BACK_OFFICE_STORE,
  row: expenseSchema,
  fields: EXPENSE_FIELDS,
  createBody: createExpenseBody,
  updateBody: updateExpenseBody,
  updateMethod: 'PUT',
  toValues: async (body, { db, auth }) => {
    await checkReference(db, auth, PAYER_REFERENCE, body.paid_by);
    return fieldValues<typeof expenses.$inferInsert>(EXPENSE_FIELDS, body);
  },
  list: {
    sort: {
      date: expenses.expenseDate,
      amount: expenses.amount,
      category: lowerOf(expenses.category),
      ...timestampSorts(expenses),
    },
    defaultSort: '-date',
    tiebreak: expenses.id,
    filters: {
      category: listFilter(z.string().trim().max(100), (category: string) =>
        eq(lowerOf(expenses.category), category.toLowerCase()),
      ),
      paid_by: idFilter(expenses.paidBy),
      date_from: listFilter(expenseDateFilter, (day: string) => gte(expenses.expenseDate, day)),
      date_to: listFilter(expenseDateFilter, (day: string) => lte(expenses.expenseDate, day)),
    },
    search: [expenses.category, expenses.note],
  },
  importColumns: EXPENSE_CSV_COLUMNS,
});

export function registerExpenseRoutes(app: FastifyInstance): void {
  registerResource(app, EXPENSE_RESOURCE);
}
