/**
 * /api/coupons (docs/api.md#endpoints "Coupons: /coupons, /coupons/{id}, /coupons/{id}/histories,
 * /coupons/bulk, /pos/coupons/{id}", plus import and export): a config of the resource factory
 * (docs/back-office.md "Coupons") with its history, and the sale screen's lookup. Coupons are the tenant's
 * (a chain's code works in every shop unless it names one store); the screen is the Coupon module's and the
 * admin's (docs/roles.md#access-rules, the owner above them). A use is taken by the sale, never here
 * (services/payments/tenders.ts): `used_count` is read-only.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  COUPON_CSV_COLUMNS,
  couponHistoryQuery,
  couponHistorySchema,
  couponSchema,
  couponValueIssue,
  createCouponBody,
  PERIOD_MESSAGE,
  posCouponParams,
  posCouponQuery,
  posCouponSchema,
  updateCouponBody,
} from '../../../contracts/coupons';
import type {
  Coupon,
  CouponHistory,
  CreateCouponBody,
  PosCoupon,
  UpdateCouponBody,
} from '../../../contracts/coupons';
import { couponCodeOf } from '../../../contracts/coupons';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { couponRefusal } from '../../../domain/coupons';
import { MODULE } from '../../../domain/constants';
import type { DiscountType } from '../../../domain/constants';
import { dayInTimeZone } from '../../../domain/report-periods';
import { SALE_READ } from '../../auth/access';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { booleanFilter, listFilter, lowerOf } from '../../db/list-query';
import { services } from '../../db/schema/catalog';
import { coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { couponHistories } from '../../db/schema/ledger-histories';
import { salePayments } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';
import { users } from '../../db/schema/users';
import { scopeStoreId, tenantIdWhere, tenantWhere } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { kindHistories } from '../../resources/kind-histories';
import type { WriteContext } from '../../resources/resource-config';
import { fieldValues } from '../../resources/resource-repository';
import { checkReference, timestampSorts } from '../../resources/resource-parts';
import type { Reference } from '../../resources/resource-parts';
import { route } from '../../route';
import { customerCouponUses } from '../../services/coupon-uses';
import { z } from 'zod';

export const DUPLICATE_COUPON_MESSAGE = 'A coupon with this code already exists.';

type CouponRecord = typeof coupons.$inferSelect;

/** A validity day as stored: that calendar day's UTC midnight (docs/back-office.md "Coupons", "Validity"). */
function dayStart(day: string | null | undefined): Date | null | undefined {
  if (day === undefined) return undefined;
  return day === null ? null : new Date(`${day}T00:00:00.000Z`);
}

const dayOf = (value: Date | null): string | null => (value ? value.toISOString().slice(0, 10) : null);

/** The values the plain mapping writes: every body field but the days, the services and the code's form. */
const PLAIN_FIELDS = {
  code: 'code',
  name: 'name',
  discount_type: 'discountType',
  discount_value: 'discountValue',
  min_order_amount: 'minOrderAmount',
  max_uses: 'maxUses',
  max_uses_per_customer: 'maxUsesPerCustomer',
  service_ids: 'serviceIds',
  store_id: 'storeId',
  is_active: 'isActive',
} as const;

/** The store a coupon is limited to must be the tenant's (docs/back-office.md "Coupons", "Store"). */
const STORE_REFERENCE: Reference = {
  table: stores,
  scope: 'tenant',
  field: 'store_id',
  message: "This store is not one of the salon's.",
};

function toRow(record: CouponRecord): Coupon {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    discount_type: record.discountType as Coupon['discount_type'],
    discount_value: record.discountValue,
    min_order_amount: record.minOrderAmount,
    max_uses: record.maxUses,
    max_uses_per_customer: record.maxUsesPerCustomer,
    service_ids: record.serviceIds,
    used_count: record.usedCount,
    starts_at: dayOf(record.startsAt),
    ends_at: dayOf(record.endsAt),
    store_id: record.storeId,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The services a coupon names must be the tenant's: any other id is a 422 on `service_ids` naming them. */
async function checkServices(db: Queryable, auth: AuthContext, ids: readonly number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await db
    .select({ id: services.id })
    .from(services)
    .where(tenantWhere(services, auth, inArray(services.id, [...ids])));
  const known = new Set(found.map((s) => s.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const message = `These services are not the salon's: ${unknown.join(', ')}.`;
    throw unprocessable(message, { service_ids: [message] }, ERROR_CODE.VALIDATION_FAILED);
  }
}

/** A create's or an update's column values; an update's halves are checked against the stored other half. */
async function couponValues(
  body: CreateCouponBody | UpdateCouponBody,
  ctx: WriteContext & { before?: CouponRecord },
) {
  const { before } = ctx;
  await checkServices(ctx.db, ctx.auth, body.service_ids);
  await checkReference(ctx.db, ctx.auth, STORE_REFERENCE, body.store_id);
  if (before) {
    const type = body.discount_type ?? before.discountType;
    const value = body.discount_value ?? before.discountValue;
    const issue = couponValueIssue(type, value);
    if (issue && (body.discount_type !== undefined || body.discount_value !== undefined)) {
      throw unprocessable(issue, { discount_value: [issue] });
    }
    const starts = body.starts_at !== undefined ? body.starts_at : dayOf(before.startsAt);
    const ends = body.ends_at !== undefined ? body.ends_at : dayOf(before.endsAt);
    if (starts && ends && ends < starts) throw unprocessable(PERIOD_MESSAGE, { ends_at: [PERIOD_MESSAGE] });
  }
  const values: Partial<typeof coupons.$inferInsert> = fieldValues(PLAIN_FIELDS, body);
  const startsAt = dayStart(body.starts_at);
  const endsAt = dayStart(body.ends_at);
  if (startsAt !== undefined) values.startsAt = startsAt;
  if (endsAt !== undefined) values.endsAt = endsAt;
  if (values.discountType !== undefined) values.discountType = values.discountType as DiscountType;
  return values;
}

export const COUPON_RESOURCE = defineResource({
  name: 'coupons',
  label: 'Coupon',
  table: coupons,
  scope: 'tenant',
  module: MODULE.COUPON,
  roles: BACK_OFFICE_ROLES,
  row: couponSchema,
  toRow,
  createBody: createCouponBody,
  updateBody: updateCouponBody,
  toInsert: (body, ctx) => couponValues(body, ctx),
  toUpdate: (body, ctx) => couponValues(body, ctx),
  list: {
    sort: {
      code: coupons.code,
      name: lowerOf(coupons.name),
      ends_at: coupons.endsAt,
      used_count: coupons.usedCount,
      ...timestampSorts(coupons),
    },
    defaultSort: 'code',
    tiebreak: coupons.id,
    filters: {
      is_active: booleanFilter(coupons.isActive),
      discount_type: listFilter(z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])), (v) =>
        eq(coupons.discountType, v),
      ),
    },
    search: [coupons.code, coupons.name],
  },
  unique: [
    {
      field: 'code',
      column: coupons.code,
      index: 'coupons_tenant_code_key',
      message: DUPLICATE_COUPON_MESSAGE,
    },
  ],
  // A coupon a sale was paid with stays: the sale's payment names it (sale_payments.coupon_id).
  inUse: usedBy({ resource: 'sales', table: salePayments, column: salePayments.couponId }),
  active: coupons.isActive,
  importColumns: COUPON_CSV_COLUMNS,
  exportColumns: COUPON_CSV_COLUMNS.map((header) => ({
    header,
    value: (row: Coupon) =>
      header === 'service_ids'
        ? row.service_ids.join(';')
        : (row[header] as string | number | boolean | null),
  })),
  histories: kindHistories({
    summary: "A coupon's uses and releases, newest first (filter kind)",
    query: couponHistoryQuery,
    item: couponHistorySchema,
    table: couponHistories,
    of: couponHistories.couponId,
    // Who took or gave back the use, and for whom (either may be gone or never known: left joins).
    select: (db) =>
      db
        .select({
          id: couponHistories.id,
          couponId: couponHistories.couponId,
          kind: couponHistories.kind,
          discountAmount: couponHistories.discountAmount,
          saleId: couponHistories.saleId,
          customerId: couponHistories.customerId,
          firstName: customers.firstName,
          lastName: customers.lastName,
          storeId: couponHistories.storeId,
          userId: couponHistories.userId,
          userName: users.displayName,
          createdAt: couponHistories.createdAt,
        })
        .from(couponHistories)
        .leftJoin(
          users,
          and(eq(users.tenantId, couponHistories.tenantId), eq(users.id, couponHistories.userId)),
        )
        .leftJoin(
          customers,
          and(eq(customers.tenantId, couponHistories.tenantId), eq(customers.id, couponHistories.customerId)),
        )
        .$dynamic(),
    toItem: (r): CouponHistory => ({
      id: r.id,
      coupon_id: r.couponId,
      kind: r.kind,
      discount_amount: r.discountAmount,
      sale_id: r.saleId,
      customer_id: r.customerId,
      customer_name: r.customerId === null ? null : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || null,
      store_id: r.storeId,
      user_id: r.userId,
      user_name: r.userName,
      created_at: r.createdAt.toISOString(),
    }),
  }),
});

/**
 * GET /api/pos/coupons/{id}: the coupon a cashier typed (its code, normalised like the stored one, or its id),
 * with what the sale screen needs to offer it (posCouponSchema). Another store's coupon and another
 * tenant's are 404 `coupon_not_found`, as the sale would answer.
 */
async function posCoupon(
  db: Queryable,
  auth: AuthContext,
  idOrCode: string,
  customerId: number | undefined,
): Promise<PosCoupon> {
  const storeId = scopeStoreId(auth);
  const code = couponCodeOf(idOrCode);
  const asId = /^\d{1,15}$/.test(idOrCode) ? Number(idOrCode) : null;
  const [record] = await db
    .select()
    .from(coupons)
    .where(
      tenantWhere(
        coupons,
        auth,
        asId === null ? eq(coupons.code, code) : sql`(${coupons.id} = ${asId} or ${coupons.code} = ${code})`,
      ),
    )
    .orderBy(asc(sql`${coupons.code} = ${code}`))
    .limit(1);
  if (!record || (record.storeId !== null && record.storeId !== storeId)) {
    throw notFound('Coupon not found.', ERROR_CODE.COUPON_NOT_FOUND);
  }
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId));
  const day = dayInTimeZone(new Date(), store?.timezone ?? 'UTC');
  const customerUses =
    customerId === undefined ? null : await customerCouponUses(db, auth, record.id, customerId);
  const row = toRow(record);
  const rules = { ...row, service_ids: record.serviceIds };
  // Before the ticket is known: its total and base are left out of the checks (taken as large enough).
  const refusal = couponRefusal(rules, {
    day,
    totalPrice: Number.MAX_SAFE_INTEGER,
    base: Number.MAX_SAFE_INTEGER,
    hasCustomer: customerId !== undefined,
    customerUses,
  });
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    discount_type: row.discount_type,
    discount_value: row.discount_value,
    min_order_amount: row.min_order_amount,
    service_ids: row.service_ids,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    is_active: row.is_active,
    max_uses: row.max_uses,
    used_count: row.used_count,
    remaining_uses: row.max_uses === null ? null : Math.max(0, row.max_uses - row.used_count),
    max_uses_per_customer: row.max_uses_per_customer,
    customer_uses: customerUses,
    day,
    // A per-customer coupon asked about without a customer is not refused here: the customer may come next.
    refusal: refusal === 'coupon_needs_customer' ? null : refusal,
  };
}

function registerPosCouponRoute(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/coupons/:id',
    summary: 'A coupon for the sale screen, by code or id: its rules, uses and whether it can be used today',
    tags: ['pos'],
    access: SALE_READ,
    params: posCouponParams,
    querystring: posCouponQuery,
    data: posCouponSchema,
    handler: async ({ db, params, query, request }) =>
      posCoupon(db, requireAuth(request), params.id, query.customer_id),
  });
}

export function registerCouponRoutes(app: FastifyInstance): void {
  registerResource(app, COUPON_RESOURCE);
  registerPosCouponRoute(app);
}
