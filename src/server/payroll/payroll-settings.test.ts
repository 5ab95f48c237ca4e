/**
 * The pay settings editor's routes over HTTP (docs/payroll.md, "Pay settings"): an owner sets the store's pay
 * period and a technician's pay settings, the preview pays by them at once; a schedule the domain refuses is a
 * 422 naming the field; managers may not change pay; each write is audited.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { ANNA_SETTINGS, pastWeek, ringAnnaWeek } from '../../../tests/support/server/payroll-fixtures';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import type { PayrollPreview, StorePayrollSettings } from '../../contracts/payroll';
import type { PaySettingsView } from '../../contracts/payroll-runs';
import { auditLog } from '../db/schema/audit-log';

const api = await apiHarness();
const BASE = '/api/report/payrolls';
let a: TenantFixture;
let anna: number;
const week = pastWeek();

beforeAll(async () => {
  a = await api.tenant();
  ({ anna } = await ringAnnaWeek(api, a, week));
});

describe('pay settings', () => {
  it('lists the store’s settings and each technician’s', async () => {
    const view = dataOf<PaySettingsView>(await api.as(a, 'owner').get(`${BASE}/settings`));
    expect(view.store).toEqual({ period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips: false });
    expect(view.technicians.find((t) => t.user_id === anna)).toMatchObject({
      name: 'Anna',
      pay_settings: ANNA_SETTINGS,
    });
  });

  it('pays by a technician’s new settings at once, audited; refuses a schedule the domain refuses', async () => {
    const flat50 = { ...ANNA_SETTINGS, service: { mode: 'zero_based', tiers: [{ from: 0, rate: 50 }] } };
    const res = await api.as(a, 'owner').put(`${BASE}/settings/users/${anna}`, { pay_settings: flat50 });
    expect(res.statusCode, res.body).toBe(200);
    const preview = dataOf<PayrollPreview>(
      await api.as(a, 'owner').get(`${BASE}/preview?effective_start=${week}&user_id=${anna}`),
    );
    // The tiered base 54.70 at 50 % instead of 40 %: 27.35 (docs/payroll.md, Anna's lines).
    expect(preview.items[0]!.statement!.service.tiered.commission).toBe(2735);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'users.pay_settings')));
    expect(audit).toMatchObject({ entityId: String(anna), before: ANNA_SETTINGS, after: flat50 });

    const bad = { ...ANNA_SETTINGS, service: { mode: 'zero_based', tiers: [{ from: 100, rate: 40 }] } };
    const refused = await api.as(a, 'owner').put(`${BASE}/settings/users/${anna}`, { pay_settings: bad });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().errors)).toContain('tiers_first_not_zero');
  });

  it('changes the store’s pay period: the preview’s own period follows it', async () => {
    const monthly: StorePayrollSettings = { period: { kind: 'monthly' }, deductCardFeeFromTips: true };
    const res = await api.as(a, 'admin').put(`${BASE}/settings/store`, monthly);
    expect(res.statusCode, res.body).toBe(200);
    const preview = dataOf<PayrollPreview>(await api.as(a, 'owner').get(`${BASE}/preview`));
    expect(preview.period_rule).toEqual({ kind: 'monthly' });
    expect(preview.deduct_card_fee_from_tips).toBe(true);
    expect(preview.range.start_date.endsWith('-01')).toBe(true);
  });

  it('is for owners and admins only', async () => {
    expect((await api.as(a, 'manager').get(`${BASE}/settings`)).statusCode).toBe(403);
    const res = await api.as(a, 'manager').put(`${BASE}/settings/users/${anna}`, { pay_settings: null });
    expect(res.statusCode).toBe(403);
  });
});
