/**
 * Rows and bodies for the bookings API tests (src/server/routes/bookings/*.test.ts): technicians who take
 * bookings, services with durations, request lines and bodies.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { categories, services } from '../../../src/server/db/schema/catalog';
import { stores } from '../../../src/server/db/schema/stores';
import { users } from '../../../src/server/db/schema/users';
import type { TenantFixture } from './tenant-fixture';

export const BOOKINGS_URL = '/api/pos/bookingAppt';

export async function bookingTechnician(
  db: Db,
  f: TenantFixture,
  name: string,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      role: 'staff',
      username: `${name.toLowerCase()}-${f.tenantCode.toLowerCase()}`,
      displayName: name,
      isTechnician: true,
      enableBooking: true,
      enableWalkin: true,
      ...values,
    })
    .returning({ id: users.id });
  return row!.id;
}

export interface ServiceRow {
  name: string;
  price: number;
  taxes?: string;
  durationMinutes?: number;
  isActive?: boolean;
}

/** Services of the fixture's store (or `storeId`), their ids in order. */
export async function bookingServices(
  db: Db,
  f: TenantFixture,
  rows: readonly ServiceRow[],
  storeId: number = f.store.id,
): Promise<number[]> {
  const [category] = await db
    .insert(categories)
    .values({ tenantId: f.tenantId, storeId, type: 'service', name: 'Booked' })
    .returning({ id: categories.id });
  const ids = await db
    .insert(services)
    .values(rows.map((r) => ({ tenantId: f.tenantId, storeId, categoryId: category!.id, ...r })))
    .returning({ id: services.id });
  return ids.map((r) => r.id);
}

export async function setStoreTimeZone(db: Db, storeId: number, timeZone: string): Promise<void> {
  await db.update(stores).set({ timezone: timeZone }).where(eq(stores.id, storeId));
}

export function bookingLine(
  serviceId: number,
  userId: number | null,
  startsAt: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { service_id: serviceId, user_id: userId, starts_at: startsAt, ...extra };
}

export function bookingBody(
  lines: readonly Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { uuid: randomUUID(), customer_name: 'Mai Tran', booking_appt_service: lines, ...extra };
}
