/**
 * Expenses (docs/api.md#endpoints "Expenses: GET /expenses, POST /expenses, GET/PUT/DELETE /expenses/{id},
 * POST /expenses/bulk", plus import and export): what a store spends outside sales. A back-office resource
 * (docs/back-office.md, docs/back-office-catalog.md); updates are PUT. `amount` is integer minor units
 * (docs/money.md), `date` the store-local day, `paid_by` a user of the tenant or null.
 */
import { z } from 'zod';
import { minorAmountField, refIdField } from './catalog';
import { blankable } from './customers';

export const expenseSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  amount: z.number().int(),
  date: z.string(),
  paid_by: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

const DATE_MESSAGE = 'Enter the date as YYYY-MM-DD.';

const expenseFields = {
  category: z
    .string({ error: 'Enter the category.' })
    .trim()
    .min(1, 'Enter the category.')
    .max(100, 'The category is at most 100 characters.'),
  amount: minorAmountField('The amount'),
  date: z.iso.date(DATE_MESSAGE),
  paid_by: blankable(refIdField('who paid')).optional(),
  note: blankable(z.string().trim().max(1000, 'The note is at most 1000 characters.')).optional(),
};

export const createExpenseBody = z.strictObject(expenseFields);
export type CreateExpenseBody = z.output<typeof createExpenseBody>;
export const updateExpenseBody = z.strictObject(expenseFields).partial();
export type UpdateExpenseBody = z.output<typeof updateExpenseBody>;

/** CSV columns of import and export, in file order. */
export const EXPENSE_CSV_COLUMNS = ['date', 'category', 'amount', 'paid_by', 'note'] as const;

/** `filter[date_from]` / `filter[date_to]` of the list: days, both ends included. */
export const expenseDateFilter = z.iso.date(DATE_MESSAGE);
