/**
 * The pay settings editor's reads and writes (docs/payroll.md, "Pay settings"): the store's payroll settings
 * (stores.settings.payroll) and each technician's own (users.pay_settings), validated by the contracts' schemas
 * (which mirror the domain's types), each write audited with what it replaced.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { StorePayrollSettings } from '../../contracts/payroll';
import { storePayrollSettingsSchema, technicianPaySettingsSchema } from '../../contracts/payroll';
import type { PaySettingsView, StoredPaySettings } from '../../contracts/payroll-runs';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { scopeStoreId } from '../db/scoped';
import { writeResourceAudit } from '../resources/audit';
import { findEmployee } from '../services/working-times';
import { loadStore } from './preview';

/** Every active technician of the store (home store this one or none), with her stored settings if valid. */
export async function readPaySettings(db: Queryable, auth: AuthContext): Promise<PaySettingsView> {
  const store = await loadStore(db, auth);
  const storeId = scopeStoreId(auth);
  const rows = await db
    .select({
      id: users.id,
      name: users.displayName,
      rate: users.commissionRate,
      settings: users.paySettings,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, auth.tenantId),
        eq(users.isTechnician, true),
        eq(users.isActive, true),
        sql`(${users.storeId} is null or ${users.storeId} = ${storeId})`,
      ),
    )
    .orderBy(users.displayOrder, users.displayName, users.id);
  return {
    store: store.payroll,
    technicians: rows.map((r) => {
      const parsed = r.settings === null ? null : technicianPaySettingsSchema.safeParse(r.settings);
      return {
        user_id: r.id,
        name: r.name,
        commission_rate: Number(r.rate ?? 0),
        // A stored value that fails the schema is shown as none: saving the form replaces it.
        pay_settings: parsed?.success ? parsed.data : null,
      };
    }),
  };
}

export async function writeStorePayrollSettings(
  db: Queryable,
  auth: AuthContext,
  settings: StorePayrollSettings,
): Promise<StorePayrollSettings> {
  const before = (await loadStore(db, auth)).payroll;
  const value = storePayrollSettingsSchema.parse(settings) as StorePayrollSettings;
  await db
    .update(stores)
    .set({ settings: sql`${stores.settings} || ${JSON.stringify({ payroll: value })}::jsonb` })
    .where(and(eq(stores.tenantId, auth.tenantId), eq(stores.id, scopeStoreId(auth))));
  await writeResourceAudit(db, auth, [
    {
      action: 'payroll_settings.update',
      entityType: 'stores',
      entityId: scopeStoreId(auth),
      before,
      after: value,
    },
  ]);
  return value;
}

export async function writeTechnicianPaySettings(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  settings: StoredPaySettings,
): Promise<PaySettingsView['technicians'][number]> {
  await findEmployee(db, auth, scopeStoreId(auth), userId);
  const [before] = await db
    .select({ settings: users.paySettings })
    .from(users)
    .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, userId)));
  const [row] = await db
    .update(users)
    .set({ paySettings: settings as unknown as Record<string, unknown> | null })
    .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, userId)))
    .returning({ id: users.id, name: users.displayName, rate: users.commissionRate });
  await writeResourceAudit(db, auth, [
    {
      action: 'users.pay_settings',
      entityType: 'users',
      entityId: userId,
      before: before?.settings ?? null,
      after: settings,
    },
  ]);
  return {
    user_id: row!.id,
    name: row!.name,
    commission_rate: Number(row!.rate ?? 0),
    pay_settings: settings,
  };
}
