/**
 * A tenant with one row of every kind a route can name, made the way the application makes them (through
 * the API with the tenant's own sessions, on a real catalog), so that the isolation, role and fuzz tests
 * point at real rows and not at ids that happen to be absent:
 *
 *   const a = await createTenantWithUsers(db);
 *   const v = await createVictimRows(app, db, a);
 *   v.saleId, v.saleLineId, v.cashPaymentId, v.customerId, v.giftcardNumber, v.momoRequestId ...
 *   v.markers        strings only this tenant's data contains (a response holding one leaked it)
 *
 * What exists afterwards: a completed sale (member customer, a service, two products, a kit and a gift card
 * sold on it; paid by points, a coupon, an offline card payment still pending, and cash with change), a
 * second completed sale paid partly with that gift card and then moved to the trash, a draft, a customer
 * created through the API, a MoMo and a VietQR payment request, an open working time (the staff member
 * checked in), and the customer points, coupon and gift card histories those wrote.
 *
 * The store is switched to VND with MoMo, VNPAY and VietQR keys (the wallets take VND only) and allows
 * offline card payments. Only test code uses this.
 */
import { turnEvents } from '../../../src/server/db/schema/turns';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, ROLE, SALE_STATUS } from '../../../src/domain/constants';
import type { Role } from '../../../src/domain/constants';
import type { TenantFixture } from './tenant-fixture';
import type { Queryable } from '../../../src/server/db/client';
import { coupons } from '../../../src/server/db/schema/coupons';
import { customers } from '../../../src/server/db/schema/customers';
import { customerPointHistory } from '../../../src/server/db/schema/ledger-histories';
import { stores } from '../../../src/server/db/schema/stores';
import type { StoreSettings } from '../../../src/server/db/schema/stores';
import { createSaleCatalog, saleBody } from './sale-test-data';
import type { SaleCatalog } from './sale-test-data';
import { createResourceRows } from './resource-samples';

export interface VictimRows {
  fixture: TenantFixture;
  catalog: SaleCatalog;
  tenantId: number;
  storeId: number;
  otherStoreId: number;
  workstationId: number;
  users: Readonly<Record<Role, number>>;
  /** A customer created through POST /api/pos/customers. */
  customerId: number;
  /** The catalog's member (Gold membership), who holds points and bought the first sale. */
  memberId: number;
  membershipId: number;
  /** The completed sale. */
  saleId: number;
  saleUuid: string;
  /** Its service line (a refund by lines names it). */
  saleLineId: number;
  cashPaymentId: number;
  /** The offline card payment, still pending (what /payments/status settles). */
  cardPaymentId: number;
  /** The second sale, in the trash. */
  trashedSaleId: number;
  draftSaleId: number;
  draftUuid: string;
  giftcardId: number;
  giftcardNumber: string;
  couponId: number;
  couponCode: string;
  momoRequestId: number;
  vnpayRequestId: number;
  momoOrderId: string;
  vietqrRequestId: number;
  workingTimeId: number;
  /** A turn given to the staff member on the working day (the turn system's `:id`). */
  turnId: number;
  /** A walk-in checked in at the desk (its lifecycle moves name it). */
  walkInId: number;
  /** A booking with one unassigned line (the appointment book's `:id`). */
  bookingId: number;
  bookingLineId: number;
  /** A kiosk token of the store, and its secret (which must never reach anyone but A's admin once). */
  kioskTokenId: number;
  kioskToken: string;
  /** The workstation's open cash drawer session (opened through POST /api/pos/cash-drawer/open). */
  drawerSessionId: number;
  /** A calculated pay run of the store (POST /api/report/payrolls/calculate, a week of 2024). */
  payrollId: number;
  /** The store-local business day of that working time (working-time reports name a day by it). */
  workingDate: string;
  /** The tenant's row of each back-office resource (resource-samples.ts), by resource name. */
  resources: Readonly<Record<string, number>>;
  /** Secrets of the store settings: they never leave the server, whoever asks. */
  secrets: { momoSecretKey: string; vnpayHashSecret: string };
  /** Strings that appear only in this tenant's data (case-insensitive): a response holding one leaked it. */
  markers: string[];
}

export class VictimSetupError extends Error {}

function dataOf(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200 && res.statusCode !== 201) {
    throw new VictimSetupError(`${what}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  }
  return (res.json() as { data: Record<string, unknown> }).data;
}

type Send = (
  method: InjectOptions['method'],
  url: string,
  payload: unknown,
  role?: Role,
  approver?: Role,
) => Promise<LightMyRequestResponse>;

function sender(app: FastifyInstance, f: TenantFixture): Send {
  return (method, url, payload, role = ROLE.OWNER, approver) =>
    app.inject({
      method,
      url,
      headers: { ...f.headers(role, approver ? { approver } : {}), 'idempotency-key': randomUUID() },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

/** The rows that sale and payment routes change: made again by refreshVictimSales. */
type VictimSales = Pick<
  VictimRows,
  | 'saleId'
  | 'saleUuid'
  | 'saleLineId'
  | 'cashPaymentId'
  | 'cardPaymentId'
  | 'trashedSaleId'
  | 'draftSaleId'
  | 'draftUuid'
  | 'giftcardId'
  | 'momoRequestId'
  | 'vnpayRequestId'
  | 'momoOrderId'
  | 'vietqrRequestId'
>;

type VictimBase = Omit<
  VictimRows,
  | keyof VictimSales
  | 'workingTimeId'
  | 'workingDate'
  | 'turnId'
  | 'walkInId'
  | 'bookingId'
  | 'bookingLineId'
  | 'kioskTokenId'
  | 'kioskToken'
  | 'drawerSessionId'
  | 'payrollId'
  | 'markers'
>;

async function createVictimSales(app: FastifyInstance, v: VictimBase): Promise<VictimSales> {
  const send = sender(app, v.fixture);
  const { catalog, couponCode, giftcardNumber } = v;
  const staff = v.users.staff;

  // The first sale: saved as a draft to learn its total, then completed through the draft update. Selling
  // the gift card again tops the same card up.
  const lines = [
    { item_id: catalog.manicure },
    { item_id: catalog.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 },
    { item_id: catalog.kit, item_type: ITEM_TYPE.PRODUCT_KIT },
    { item_id: 0, item_type: ITEM_TYPE.GIFTCARD, price: 20_000, giftcard_number: giftcardNumber },
  ];
  const common = { employeeId: staff, lines, tip: 1_000, extra: { customer: { id: v.memberId } } };
  const saleUuid = randomUUID();
  const draft = dataOf(
    await send(
      'POST',
      '/api/pos/sales',
      saleBody({ ...common, uuid: saleUuid, status: SALE_STATUS.DRAFT, payments: [] }),
    ),
    'create the first sale as a draft',
  );
  const total = (draft.totals as { total_price: number }).total_price;
  const cardAmount = 3_000;
  const nonCash = 100 + 1_000 + cardAmount;
  const sale = dataOf(
    await send(
      'POST',
      `/api/pos/sales/${String(draft.id)}`,
      saleBody({
        ...common,
        uuid: saleUuid,
        payments: [
          { payment_type: PAYMENT_TYPE.POINT, payment_amount: 100 },
          {
            payment_type: PAYMENT_TYPE.COUPON,
            payment_amount: 1_000,
            payment_info: { reference: couponCode },
          },
          {
            payment_type: PAYMENT_TYPE.CREDIT,
            payment_amount: cardAmount,
            payment_info: { card_brand: 'VISA', last4: '4242', offline: true },
          },
          { payment_type: PAYMENT_TYPE.CASH, payment_amount: total - nonCash + 5_000 },
        ],
      }),
    ),
    'complete the first sale',
  );
  const payments = sale.payments as { id: number; payment_type: number }[];
  const saleLines = (
    sale.orderEmployees as { orderItems: { id: number; item_type: number; item_id: number }[] }[]
  )[0]!.orderItems;

  // The second sale spends part of the gift card, then goes to the trash (a manager's PIN).
  const second = dataOf(
    await send(
      'POST',
      '/api/pos/sales',
      saleBody({
        employeeId: v.users.manager,
        lines: [{ item_id: catalog.pedicure }],
        payments: [
          {
            payment_type: PAYMENT_TYPE.GIFTCARD,
            payment_amount: 2_000,
            payment_info: { reference: giftcardNumber },
          },
          { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
        ],
      }),
    ),
    'create the second sale',
  );
  dataOf(
    await send('DELETE', `/api/pos/sales/${String(second.id)}`, undefined, ROLE.OWNER, ROLE.MANAGER),
    'trash the second sale',
  );

  const draftUuid = randomUUID();
  const draftSale = dataOf(
    await send(
      'POST',
      '/api/pos/sales',
      saleBody({
        employeeId: staff,
        lines: [{ item_id: catalog.pedicure }],
        uuid: draftUuid,
        status: SALE_STATUS.DRAFT,
        payments: [],
        extra: { customer: { id: v.customerId } },
      }),
    ),
    'create a draft',
  );

  const momo = dataOf(
    await send('POST', '/api/payments/momo/create', { amount: 50_000, sale_uuid: draftUuid }),
    'create a MoMo request',
  );
  const vietqr = dataOf(
    await send('POST', '/api/payments/vietqr/create', { amount: 60_000, sale_id: Number(draftSale.id) }),
    'create a VietQR request',
  );
  const vnpay = dataOf(
    await send('POST', '/api/payments/vnpay/create', { amount: 70_000, order_info: 'POS order' }),
    'create a VNPAY request',
  );
  const momoRequest = momo.request as { id: number; order_id: string };
  return {
    saleId: Number(sale.id),
    saleUuid,
    saleLineId: saleLines.find((l) => l.item_type === ITEM_TYPE.SERVICE)!.id,
    cashPaymentId: payments.find((p) => p.payment_type === PAYMENT_TYPE.CASH)!.id,
    cardPaymentId: payments.find((p) => p.payment_type === PAYMENT_TYPE.CREDIT)!.id,
    trashedSaleId: Number(second.id),
    draftSaleId: Number(draftSale.id),
    draftUuid,
    giftcardId: saleLines.find((l) => l.item_type === ITEM_TYPE.GIFTCARD)!.item_id,
    momoRequestId: momoRequest.id,
    momoOrderId: momoRequest.order_id,
    vietqrRequestId: (vietqr.request as { id: number }).id,
    vnpayRequestId: (vnpay.request as { id: number }).id,
  };
}

function markersOf(v: Omit<VictimRows, 'markers'>): string[] {
  return [
    v.fixture.tenantCode,
    `Victim${v.fixture.tenantCode}`,
    v.giftcardNumber,
    v.couponCode,
    v.saleUuid,
    v.draftUuid,
    v.momoOrderId,
    v.secrets.momoSecretKey,
    v.secrets.vnpayHashSecret,
    v.kioskToken,
  ];
}

export async function createVictimRows(
  app: FastifyInstance,
  db: Queryable,
  f: TenantFixture,
): Promise<VictimRows> {
  const code = f.tenantCode;
  const secrets = {
    momoSecretKey: `momo-secret-${code.toLowerCase()}`,
    vnpayHashSecret: `VNPAYSECRET${code}`,
  };
  const settings: StoreSettings = {
    offline_card_limit_per_ticket: 1_000_000_000,
    momo: {
      partnerCode: `MOMO${code}`,
      accessKey: `access-${code.toLowerCase()}`,
      secretKey: secrets.momoSecretKey,
    },
    vnpay: { tmnCode: `TMN${code}`.slice(0, 8), hashSecret: secrets.vnpayHashSecret },
    vietqr: { acqId: '970415', accountNo: '113366668888', accountName: `SALON ${code}` },
    receipt: { name: `Receipt ${code}` },
  };
  await db.update(stores).set({ currency: 'VND', settings }).where(eq(stores.id, f.store.id));
  const catalog = await createSaleCatalog(db, f);
  const [member] = await db
    .select({ membershipId: customers.membershipId })
    .from(customers)
    .where(eq(customers.id, catalog.member));
  const membershipId = member!.membershipId!;

  await topUpPoints(db, f, catalog.member);
  const couponCode = `CPN-${code}`;
  const [coupon] = await db
    .insert(coupons)
    .values({
      tenantId: f.tenantId,
      code: couponCode,
      name: `Coupon ${code}`,
      discountType: DISCOUNT_TYPE.AMOUNT,
      discountValue: 1_000,
      maxUses: 1_000,
    })
    .returning({ id: coupons.id });

  const send = sender(app, f);
  const customer = dataOf(
    await send('POST', '/api/pos/customers', {
      first_name: `Victim${code}`,
      last_name: `Customer ${code}`,
      phone: '+84901234567',
      email: `victim-${code.toLowerCase()}@example.com`,
      membership_id: membershipId,
    }),
    'create customer',
  );
  const checkIn = dataOf(
    await send('POST', '/api/pos/employees/check-in-out', { user_id: f.users.staff.id }, ROLE.STAFF),
    'check the staff member in',
  );
  const drawer = dataOf(
    await send('POST', '/api/pos/cash-drawer/open', { count: { bill_20: 5 } }),
    'open the cash drawer',
  );

  const booking = dataOf(
    await send('POST', '/api/pos/bookingAppt', {
      uuid: randomUUID(),
      customer_name: `Victim${code} Booking`,
      booking_appt_service: [
        { service_id: catalog.manicure, user_id: null, starts_at: '2026-12-07T10:00:00Z' },
      ],
    }),
    'make a booking',
  );
  const walkIn = dataOf(
    await send('POST', '/api/pos/walk-in', { customer_name: `Victim${code} Walk-in` }),
    'check a walk-in in',
  );
  const kioskToken = dataOf(
    await send(
      'POST',
      '/api/settings/kiosk-tokens',
      { store_id: f.store.id, label: `Kiosk ${code}` },
      ROLE.ADMIN,
    ),
    'issue a kiosk token',
  );

  const resources = await createResourceRows(
    async (url, body) => dataOf(await send('POST', url, body), `create ${url}`) as { id: unknown },
    `Victim${code}`,
    {
      owner: f.users.owner.id,
      admin: f.users.admin.id,
      manager: f.users.manager.id,
      staff: f.users.staff.id,
    },
  );

  const base: VictimBase = {
    fixture: f,
    catalog,
    tenantId: f.tenantId,
    storeId: f.store.id,
    otherStoreId: f.otherStore.id,
    workstationId: f.workstation.id,
    users: {
      owner: f.users.owner.id,
      admin: f.users.admin.id,
      manager: f.users.manager.id,
      staff: f.users.staff.id,
    },
    customerId: Number(customer.id),
    memberId: catalog.member,
    membershipId,
    giftcardNumber: `VG-${code}`,
    couponId: coupon!.id,
    couponCode,
    resources,
    secrets,
  };
  const workingDate = String((checkIn.working_time as { date_work: string }).date_work);
  // Written as the turn service writes a take (the staff member is no technician, so the desk would refuse).
  const [turn] = await db
    .insert(turnEvents)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      businessDate: workingDate,
      seq: 1,
      type: 'take_turn',
      technicianId: f.users.staff.id,
      at: new Date(),
      payload: { turnValue: 'full', requested: false, appointment: false },
    })
    .returning({ id: turnEvents.id });
  const rows = {
    ...base,
    ...(await createVictimSales(app, base)),
    workingTimeId: Number((checkIn.working_time as { id: number }).id),
    workingDate,
    turnId: turn!.id,
    walkInId: Number(walkIn.id),
    bookingId: Number(booking.id),
    bookingLineId: Number((booking.booking_appt_service as { id: number }[])[0]!.id),
    kioskTokenId: Number(kioskToken.id),
    kioskToken: String(kioskToken.token),
    drawerSessionId: Number(drawer.id),
    payrollId: await calculateVictimPayroll(app, f),
  };
  return { ...rows, markers: markersOf(rows) };
}

/** A week of 2024 calculated (the store's default weekly periods count from 2024-01-01, docs/payroll.md). */
async function calculateVictimPayroll(app: FastifyInstance, f: TenantFixture): Promise<number> {
  const run = dataOf(
    await sender(app, f)('POST', '/api/report/payrolls/calculate', {
      period_start: '2024-01-01',
      period_end: '2024-01-07',
    }),
    'payroll calculate',
  );
  return Number(run.id);
}

/**
 * Points come from an admin's adjustment here (there is no route for it), written as the service writes a
 * balance change: the balance and its history row together, in one statement each under the row lock.
 */
async function topUpPoints(db: Queryable, f: TenantFixture, customerId: number): Promise<void> {
  const target = 5_000;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ balance: customers.pointBalance })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    const delta = target - row!.balance;
    if (delta <= 0) return;
    await tx.update(customers).set({ pointBalance: target }).where(eq(customers.id, customerId));
    await tx.insert(customerPointHistory).values({
      tenantId: f.tenantId,
      customerId,
      storeId: f.store.id,
      kind: 'adjust',
      points: delta,
      balanceAfter: target,
      userId: f.users.admin.id,
      note: `Top-up ${f.tenantCode}`,
    });
  });
}

/**
 * New sales, a draft, a trashed sale and payment requests for the same tenant (a test that voids, refunds
 * or trashes the first ones gets fresh ones to work on). The old rows stay.
 */
export async function refreshVictimSales(
  app: FastifyInstance,
  db: Queryable,
  v: VictimRows,
): Promise<VictimRows> {
  await topUpPoints(db, v.fixture, v.memberId);
  const rows = { ...v, ...(await createVictimSales(app, v)) };
  return { ...rows, markers: [...new Set([...v.markers, ...markersOf(rows)])] };
}

/** The markers of `v` that `text` contains (case-insensitive). */
export function leakedMarkers(v: VictimRows, text: string): string[] {
  const lower = text.toLowerCase();
  return v.markers.filter((m) => lower.includes(m.toLowerCase()));
}
