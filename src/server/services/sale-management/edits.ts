/** Edits of a sale that follow the domain's actionModeError: tips, employee, order time. */
import { asc, eq, inArray } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { z } from 'zod';
import type { saleEmployeeBodySchema } from '../../../contracts/sales';
import { ACTION_MODE } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, saleLines, sales } from '../../db/schema/sales';
import { storeIdWhere, storeValues, storeWhere } from '../../db/scoped';
import { unprocessable, VALIDATION_MESSAGE } from '../../errors';
import { saleChange, writeAudit } from '../sales/audit';
import { FUTURE_ORDER_AT_MESSAGE, ORDER_AT_CLOCK_SKEW_MS } from '../sales/messages';
import type { LoadedSale } from '../sales/read';
import { recomputeStoredSale } from '../sales/recompute';
import { requireStoreEmployee } from '../sales/staff';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { lockSale, requireMode, setStatusColumns } from './status';

export async function changeTips(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  tips: readonly { user_id: number; tip_amount: number }[],
  now: Date,
): Promise<LoadedSale> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.TIP, now, store.timezone);
  const groups = await tx
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)));
  const errors: Record<string, string[]> = {};
  tips.forEach((tip, i) => {
    if (!groups.some((g) => g.userId === tip.user_id))
      errors[`tips.${i}.user_id`] = ['This employee is not on the sale.'];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  const beforeTips = groups.map((g) => ({ user_id: g.userId, tip_amount: g.tipAmount }));
  for (const tip of tips) {
    const group = groups.find((g) => g.userId === tip.user_id)!;
    await tx
      .update(saleEmployees)
      .set({ tipAmount: tip.tip_amount })
      .where(storeIdWhere(saleEmployees, auth, group.id));
  }
  const loaded = await recomputeStoredSale(tx, auth, store, saleId);
  await writeAudit(tx, auth, [
    saleChange('sale.tip', before, loaded.sale, {
      before: { tips: beforeTips },
      after: { tips: loaded.groups.map((g) => ({ user_id: g.userId, tip_amount: g.tipAmount })) },
    }),
  ]);
  return loaded;
}

export async function changeEmployee(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  input: z.infer<typeof saleEmployeeBodySchema>,
  now: Date,
): Promise<LoadedSale> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.CHANGE_EMPLOYEE, now, store.timezone);
  const { from_employee_id: from, to_employee_id: to } = input;
  if (from === to) {
    throw unprocessable(VALIDATION_MESSAGE, {
      to_employee_id: ['Choose another employee than the current one.'],
    });
  }
  const groups = await tx
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)))
    .orderBy(asc(saleEmployees.position));
  const fromGroup = groups.find((g) => g.userId === from);
  if (!fromGroup)
    throw unprocessable(VALIDATION_MESSAGE, { from_employee_id: ['This employee is not on the sale.'] });
  await requireStoreEmployee(tx, auth, store.id, to, 'to_employee_id');
  const fromLines = await tx
    .select({ id: saleLines.id })
    .from(saleLines)
    .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId), eq(saleLines.employeeId, from)));
  const moving = input.line_ids ? [...new Set(input.line_ids)] : fromLines.map((l) => l.id);
  if (moving.some((id) => !fromLines.some((l) => l.id === id))) {
    throw unprocessable(VALIDATION_MESSAGE, {
      line_ids: ['Every line must be one of the employee’s lines on this sale.'],
    });
  }
  const wholeGroup = moving.length === fromLines.length;
  const toGroup = groups.find((g) => g.userId === to);
  if (wholeGroup && !toGroup) {
    // The lines follow through sale_lines_employee_group_fk ON UPDATE CASCADE.
    await tx
      .update(saleEmployees)
      .set({ userId: to })
      .where(storeIdWhere(saleEmployees, auth, fromGroup.id));
  } else {
    if (!toGroup) {
      await tx.insert(saleEmployees).values(
        storeValues(auth, {
          saleId,
          userId: to,
          position: Math.max(...groups.map((g) => g.position)) + 1,
        }),
      );
    }
    if (moving.length > 0) {
      await tx
        .update(saleLines)
        .set({ employeeId: to })
        .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId), inArray(saleLines.id, moving)));
    }
    if (wholeGroup && toGroup) {
      await tx
        .update(saleEmployees)
        .set({ tipAmount: toGroup.tipAmount + fromGroup.tipAmount })
        .where(storeIdWhere(saleEmployees, auth, toGroup.id));
      await tx.delete(saleEmployees).where(storeIdWhere(saleEmployees, auth, fromGroup.id));
    }
  }
  if (wholeGroup && before.employeeId === from) {
    await tx
      .update(sales)
      .set({ employeeId: to })
      .where(storeIdWhere(sales, auth, saleId));
  }
  const loaded = await recomputeStoredSale(tx, auth, store, saleId);
  await writeAudit(tx, auth, [
    saleChange('sale.employee', before, loaded.sale, {
      before: { employee_id: from, line_ids: moving },
      after: { employee_id: to, line_ids: moving },
    }),
  ]);
  return loaded;
}

export async function changeOrderAt(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  orderAtText: string,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.CHANGE_ORDER_DATE, now, store.timezone);
  const orderAt = new Date(orderAtText);
  if (orderAt.getTime() > now.getTime() + ORDER_AT_CLOCK_SKEW_MS) {
    throw unprocessable(
      FUTURE_ORDER_AT_MESSAGE,
      { order_at: [FUTURE_ORDER_AT_MESSAGE] },
      ERROR_CODE.FUTURE_ORDER_AT,
    );
  }
  const after = await setStatusColumns(tx, auth, saleId, { orderAt });
  await writeAudit(tx, auth, [saleChange('sale.order_at', before, after)]);
  return after;
}
