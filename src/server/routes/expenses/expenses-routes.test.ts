import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import type { Expense } from '../../../contracts/expenses';
import { EXPENSE_RESOURCE } from './expenses-routes';

describeResourceApi({
  config: EXPENSE_RESOURCE,
  sample: (n) => ({
    category: 'Supplies',
    amount: String(1000 + n),
    date: '2026-11-02',
    note: `Gloves and foil ${n}`,
  }),
  update: { amount: 4250, date: '2026-11-03', note: 'Two boxes of gloves' },
  invalid: { body: { category: 'Rent', amount: '12.50', date: '2026-11-01' }, field: 'amount' },
  textField: 'note',
  searchField: 'note',
  filter: ['category', 'supplies'],
});

describe('/api/expenses special cases', async () => {
  const api = await apiHarness();

  it('updates with PUT (POST to {id} is not a route), paid by a member of the salon', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const owner = api.as(a, 'owner');
    const made = await owner.post('/api/expenses', {
      category: 'Rent',
      amount: 120000,
      date: '2026-11-01',
      paid_by: a.users.manager.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const expense = dataOf(made) as Expense;
    expect(expense).toMatchObject({
      amount: 120000,
      date: '2026-11-01',
      paid_by: a.users.manager.id,
      note: null,
    });

    const put = await owner.put(`/api/expenses/${expense.id}`, { paid_by: '', note: 'November' });
    expect(dataOf(put)).toMatchObject({ paid_by: null, note: 'November', amount: 120000 });
    expect((await owner.post(`/api/expenses/${expense.id}`, { note: 'x' })).statusCode).toBe(404);

    const stranger = await owner.put(`/api/expenses/${expense.id}`, { paid_by: b.users.owner.id });
    expect(stranger.statusCode).toBe(422);
    expect(Object.keys(stranger.json().errors)).toEqual(['paid_by']);
    const badDate = await owner.put(`/api/expenses/${expense.id}`, { date: '2026-13-01' });
    expect(Object.keys(badDate.json().errors)).toEqual(['date']);
  });

  it('lists by day range, newest day first, and filters by who paid', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    for (const [date, paid_by] of [
      ['2026-10-31', null],
      ['2026-11-01', a.users.admin.id],
      ['2026-11-05', null],
    ] as const) {
      await owner.post('/api/expenses', { category: 'Supplies', amount: 100, date, paid_by });
    }
    const range = dataOf(
      await owner.get('/api/expenses?filter[date_from]=2026-11-01&filter[date_to]=2026-11-30'),
    );
    expect((range.items as Expense[]).map((e) => e.date)).toEqual(['2026-11-05', '2026-11-01']);
    const paid = dataOf(await owner.get(`/api/expenses?filter[paid_by]=${a.users.admin.id}`));
    expect(paid.total).toBe(1);
    const bad = await owner.get('/api/expenses?filter[date_from]=yesterday');
    expect(bad.statusCode).toBe(422);
  });
});
