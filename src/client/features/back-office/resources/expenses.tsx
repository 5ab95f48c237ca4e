/**
 * Expenses (/admin/expenses; the API's /api/expenses, docs/back-office-catalog.md "Expenses"): what the store
 * spends outside sales. Its config of the one resource screen; its words are the admin-expenses namespace.
 * Updates are PUT (the endpoint catalogue's verb for expenses); the amount is typed in the currency's units and
 * sent in minor units (money-fields.ts); who paid is one of the salon's members.
 */
import { createExpenseBody, EXPENSE_CSV_COLUMNS, updateExpenseBody } from '../../../../contracts/expenses';
import { MoneyCell } from '../../../components/money-cell';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';

export const EXPENSES: ResourceConfig = {
  name: 'expenses',
  namespace: 'admin-expenses',
  columns: [
    { field: 'date', label: 'fields.date', sortable: true },
    { field: 'category', label: 'fields.category', sortable: true },
    {
      field: 'amount',
      label: 'fields.amount',
      sortable: true,
      cell: (row) => <MoneyCell minor={row.amount} />,
    },
    { field: 'note', label: 'fields.note', hideBelow: 'md' },
  ],
  fields: [
    { name: 'date', kind: 'text', label: 'fields.date', required: true, hint: 'hints.date', maxLength: 10 },
    { name: 'category', kind: 'text', label: 'fields.category', required: true, maxLength: 100 },
    { name: 'amount', kind: 'money', label: 'fields.amount', required: true },
    { name: 'paid_by', kind: 'select', label: 'fields.paid_by', optionsFrom: { resource: 'users' } },
    { name: 'note', kind: 'textarea', label: 'fields.note', maxLength: 1000 },
  ],
  schema: createExpenseBody,
  updateSchema: updateExpenseBody,
  updateMethod: 'PUT',
  defaults: { date: new Date().toISOString().slice(0, 10), category: '', amount: '', paid_by: '', note: '' },
  defaultSort: '-date',
  bulkActions: ['delete'],
  importColumns: EXPENSE_CSV_COLUMNS,
  canExport: true,
  rowLabel: (row) => `${String(row.category)} ${String(row.date)}`,
};

export function ExpensesScreen() {
  return <ResourceScreen config={EXPENSES} />;
}
