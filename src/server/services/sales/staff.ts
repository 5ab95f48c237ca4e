/** The users who may ring up or work on sales of a store. */
import { inArray } from 'drizzle-orm';
import type { Employee } from '../../../domain/order.types';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import { tenantWhere } from '../../db/scoped';
import { unprocessable, VALIDATION_MESSAGE } from '../../errors';

/** A user who may ring up sales in this store: active, and of this store or tenant-wide. */
interface StaffRow {
  id: number;
  role: string;
  displayName: string;
  commissionRate: number;
  isActive: boolean;
  storeId: number | null;
}

export function worksHere(user: StaffRow | undefined, storeId: number): user is StaffRow {
  return !!user && user.isActive && (user.storeId === null || user.storeId === storeId);
}

export function employeeOf(user: StaffRow): Employee {
  return { id: user.id, name: user.displayName, commission_rate: user.commissionRate };
}

export async function loadStaff(db: Queryable, auth: AuthContext, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, StaffRow>();
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      displayName: users.displayName,
      commissionRate: users.commissionRate,
      isActive: users.isActive,
      storeId: users.storeId,
    })
    .from(users)
    .where(tenantWhere(users, auth, inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Checks that `userId` may work on sales of the store; the 422 names `field`. */
export async function requireStoreEmployee(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  userId: number,
  field: string,
): Promise<Employee> {
  const staff = await loadStaff(db, auth, [userId]);
  const user = staff.get(userId);
  if (!worksHere(user, storeId)) {
    throw unprocessable(VALIDATION_MESSAGE, { [field]: ['This employee does not work in this store.'] });
  }
  return employeeOf(user);
}
