/**
 * What a generated test sends to a route of the route table (src/server/route.ts listRoutes), built from
 * the rows of createVictimRows (victim-rows.ts):
 *
 * - PARAM_VALUES: every path parameter name any route uses (`:id`, `:store_id`, ...) → the tenant's real
 *   ids. `:id` names a different resource per path, so its entry looks at the route; a value may be a list
 *   (a gift card is named by its number or its id). A parameter nobody mapped throws, and the route table
 *   test fails on it: a new route cannot join the isolation test with a made-up id.
 * - SAMPLE_BODIES: a plausible body per write route, keyed 'METHOD /path', written from the route's zod
 *   contract (src/contracts) and naming the tenant's rows wherever the contract takes an id. The route table
 *   test checks that each one passes its route's body schema, so a request with it reaches the handler.
 *   A route without an entry gets `{}` (ROUTES_WITHOUT_SAMPLE_BODY lists the reviewed ones).
 * - SAMPLE_QUERIES: query strings of read routes that filter by an id or a name of the tenant.
 *
 * Functions, not values: times (order_at) are taken when the request is built.
 */
import { createECDH, randomUUID } from 'node:crypto';
import { BOOKING_IMPORT_COLUMNS } from '../../../src/contracts/bookings';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../../src/domain/constants';
import type { RouteInfo } from '../../../src/server/route';
import { csvFile, multipart } from './resource-multipart';
import { saleBody } from './sale-test-data';
import {
  isMultipartSample,
  RESOURCE_ROUTES_WITHOUT_BODY,
  resourceOfPath,
  resourceSampleBodies,
} from './resource-samples';
import type { VictimRows } from './victim-rows';

export type RouteKey = string;
export const routeKey = (r: { method: string; url: string }): RouteKey => `${r.method} ${r.url}`;

type ParamValue = string | number | readonly (string | number)[];

/** Why a parameter could not be filled (the route table test reports it). */
export class UnmappedParamError extends Error {}

/**
 * `:id` per resource: an exact route key ('METHOD /path') or a path prefix; the first entry that matches wins,
 * so the specific ones come first.
 */
const ID_BY_PATH: readonly [string, (v: VictimRows) => ParamValue][] = [
  ['POST /api/pos/sales/:id/restore', (v) => v.trashedSaleId],
  ['/api/settings/kiosk-tokens', (v) => v.kioskTokenId],
  // The settings of a store: the id is the store's (src/server/routes/settings).
  ['/api/settings', (v) => v.storeId],
  ['/api/pos/walk-in', (v) => v.walkInId],
  ['/api/pos/bookingAppt', (v) => v.bookingId],
  // A technician's booking hours: the id is the employee's.
  ['GET /api/pos/employees/:id/booking-hours', (v) => v.users.staff],
  ['PUT /api/pos/employees/:id/booking-hours', (v) => v.users.staff],
  ['DELETE /api/pos/sales/clear-trashed/:id', (v) => v.trashedSaleId],
  // The draft update: only a draft can be changed there.
  ['POST /api/pos/sales/:id', (v) => v.draftSaleId],
  ['/api/pos/sales/:id', (v) => v.saleId],
  ['/api/pos/customers/:id', (v) => [v.customerId, v.memberId]],
  ['/api/pos/giftcards/:id', (v) => [v.giftcardNumber, v.giftcardId]],
  // The coupon the victim's sale used: its history has a use, the till finds it by code or id.
  ['GET /api/coupons/:id/histories', (v) => v.couponId],
  ['/api/pos/coupons/:id', (v) => [v.couponCode, v.couponId]],
  ['/api/pos/turn-system/:id', (v) => v.turnId],
  ['/api/payments/momo/:id', (v) => v.momoRequestId],
  ['/api/payments/vietqr/:id', (v) => v.vietqrRequestId],
  ['/api/payments/vnpay/:id', (v) => v.vnpayRequestId],
  ['/api/pos/cash-drawer/sessions/:id', (v) => v.drawerSessionId],
  // A technician's pay settings: the id is the person's.
  ['/api/report/payrolls/settings/users', (v) => v.users.staff],
  ['/api/report/payrolls', (v) => v.payrollId],
];

export const PARAM_VALUES: Readonly<Record<string, (v: VictimRows, route: RouteKey) => ParamValue>> = {
  store_id: (v) => v.storeId,
  storeId: (v) => v.storeId,
  // A settings group code and a catalog model name (src/server/routes/settings): names, not rows.
  code: () => 'print',
  model: () => 'services',
  workstation_id: (v) => v.workstationId,
  user_id: (v) => v.users.staff,
  employee_id: (v) => v.users.staff,
  customer_id: (v) => v.customerId,
  sale_id: (v) => v.saleId,
  uuid: (v) => v.saleUuid,
  payment_id: (v) => v.cashPaymentId,
  giftcard_id: (v) => v.giftcardId,
  working_time_id: (v) => v.workingTimeId,
  date_work: (v) => v.workingDate,
  id: (v, route) => {
    const path = route.slice(route.indexOf(' ') + 1);
    const entry = ID_BY_PATH.find(([key]) =>
      key.includes(' ') ? route === key : path === key || path.startsWith(`${key}/`),
    );
    // A back-office resource's row (resource-samples.ts) where no entry above names the path.
    const resource = entry ? undefined : resourceOfPath(path);
    if (resource !== undefined) return v.resources[resource]!;
    if (!entry) {
      throw new UnmappedParamError(
        `${route}: no resource for ':id' in ID_BY_PATH (tests/support/server/route-samples.ts)`,
      );
    }
    return entry[1](v);
  },
};

/** The path parameter names of a route URL. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/**
 * Every concrete path of a route for the tenant's rows: one per combination of the list values (usually
 * one). Throws UnmappedParamError for a parameter PARAM_VALUES does not know.
 */
export function concretePaths(route: { method: string; url: string }, v: VictimRows): string[] {
  let paths = [route.url];
  for (const name of paramNames(route.url)) {
    const resolve = PARAM_VALUES[name];
    if (!resolve) {
      throw new UnmappedParamError(
        `${routeKey(route)}: ':${name}' is not in PARAM_VALUES (tests/support/server/route-samples.ts)`,
      );
    }
    const values = [resolve(v, routeKey(route))].flat();
    paths = paths.flatMap((p) =>
      values.map((value) => p.replace(`:${name}`, encodeURIComponent(String(value)))),
    );
  }
  return paths;
}

const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();

/** MoMo's result fields (unsigned here: the signature is checked, and wrong, whoever sends it). */
const momoResult = (v: VictimRows) => ({
  partnerCode: `MOMO${v.fixture.tenantCode}`,
  orderId: v.momoOrderId,
  requestId: v.momoOrderId,
  amount: 50_000,
  orderInfo: 'Thanh toán đơn hàng',
  orderType: 'momo_wallet',
  transId: 4_012_345_678,
  resultCode: 0,
  message: 'Thành công.',
  payType: 'qr',
  responseTime: 1_749_956_400_000,
  extraData: '',
  signature: 'f'.repeat(64),
});

const PRINT_SETTINGS = { receipt_name: '', receipt_address: '', receipt_phone: '', receipt_footer: 'Thanks' };

export const SAMPLE_BODIES: Readonly<Record<RouteKey, (v: VictimRows) => unknown>> = {
  // ---- back-office resources: one entry per resource in resource-samples.ts
  ...resourceSampleBodies(),

  // ---- cash drawer
  'POST /api/pos/cash-drawer/open': () => ({ count: { bill_20: 5 } }),
  'POST /api/report/payrolls/calculate': () => ({ period_start: '2024-01-08', period_end: '2024-01-14' }),
  'POST /api/report/payrolls/bulk': (v) => ({ action: 'delete', ids: [v.payrollId] }),
  'PUT /api/report/payrolls/settings/store': () => ({
    period: { kind: 'weekly', anchor: '2024-01-01' },
    deductCardFeeFromTips: false,
  }),
  'PUT /api/report/payrolls/settings/users/:id': () => ({
    pay_settings: {
      service: { mode: 'zero_based', tiers: [{ from: 0, rate: 40 }] },
      productRate: 10,
      hourlyRate: 0,
      plan: { kind: 'commission' },
      payout: { kind: 'all_check' },
    },
  }),
  'POST /api/pos/cash-drawer/movements': () => ({ kind: 'pay_out', amount: 500, reason: 'Supplies' }),
  'POST /api/pos/cash-drawer/close': () => ({ count: { bill_20: 5 } }),

  // ---- settings
  'POST /api/settings/:id': () => ({ print: PRINT_SETTINGS }),
  'POST /api/store-settings/:store_id/:code': () => PRINT_SETTINGS,
  'POST /api/store-settings/update-many': (v) => ({
    store_id: v.storeId,
    settings: [{ code: 'print', settings: PRINT_SETTINGS }],
  }),
  'POST /api/store-settings/connect-payment-setting': (v) => ({
    store_id: v.storeId,
    provider: 'vietqr',
    acqId: '970415',
    accountNo: '113366668888',
    accountName: 'VICTIM',
  }),

  // ---- auth
  'POST /api/login': (v) => ({
    tenant: v.fixture.tenantCode,
    username: v.fixture.users.staff.username,
    password: 'not-the-password',
    store_id: v.storeId,
    workstation_id: v.workstationId,
  }),
  'POST /api/login-token': () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA' }),
  'POST /api/role-by-code': (v) => ({ code: v.fixture.users.manager.pin }),
  'POST /api/profile': () => ({ first_name: 'Renamed', last_name: 'Person', phone: '+1 555 0100' }),
  'POST /api/change-pass': () => ({ current_password: 'not-the-password', new_password: 'a-new-password-2' }),

  // ---- customers, employees
  'POST /api/pos/reviews': (v) => ({ customer_id: v.customerId, rating: 5, comment: 'Lovely visit' }),
  'POST /api/pos/customers': (v) => ({
    first_name: 'Walk',
    last_name: 'In',
    phone: '5550001111',
    birthday: '1990-05-17',
    membership_id: v.membershipId,
  }),
  'POST /api/pos/customers/:id': (v) => ({
    first_name: 'Changed',
    notes: 'VIP',
    membership_id: v.membershipId,
  }),
  'POST /api/pos/employees/check-in-out': (v) => ({ user_id: v.users.staff }),
  // ---- the turn system
  'POST /api/pos/turn-system': (v) => ({ technician_id: v.users.staff, requested: false }),
  'POST /api/pos/turn-system/:id': () => ({ action: 'finish' }),
  'DELETE /api/pos/turn-system/:id': () => ({ reason: 'Given by mistake' }),
  'POST /api/pos/turn-system/skip': (v) => ({ technician_id: v.users.staff }),
  'POST /api/pos/turn-system/bonus': (v) => ({
    technician_id: v.users.staff,
    count: 1,
    reason: 'Covered a shift',
  }),
  'POST /api/pos/turn-system/reorder': (v) => ({
    technician_id: v.users.staff,
    position: 1,
    reason: 'Came back from lunch',
  }),
  'POST /api/report/working-times/details-in-date/:user_id/:date_work': () => ({
    shifts: [{ check_in_at: hourAgo(), check_out_at: null, breaks: [] }],
    reason: 'Forgot to clock in',
  }),
  // The route takes its day in a body too; a DELETE's sample is sent in the query (SAMPLE_QUERIES) instead.
  'DELETE /api/report/working-times': (v) => ({
    user_id: v.users.staff,
    date_work: v.workingDate,
    reason: 'Clocked in by mistake',
  }),

  // ---- payments
  'POST /api/payments/sale': (v) => ({
    sale_id: v.saleId,
    payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 1_000 }],
  }),
  'POST /api/payments/status': (v) => ({
    payment_id: v.cardPaymentId,
    status: 'approved',
    approval_code: 'A1B2C3',
  }),
  'POST /api/payments/bulk': (v) => ({ items: [{ payment_id: v.cardPaymentId, status: 'declined' }] }),
  'POST /api/payments/refund': (v) => ({
    payment_id: v.cashPaymentId,
    amount: 100,
    reason: 'Unhappy customer',
  }),
  'POST /api/payments/void': (v) => ({ payment_id: v.cashPaymentId, reason: 'Wrong tender' }),
  'POST /api/payments/tipAdjust': (v) => ({
    payment_id: v.cardPaymentId,
    tip_amount: 500,
    employee_id: v.users.staff,
  }),
  'POST /api/payments/momo/create': (v) => ({
    amount: 50_000,
    sale_id: v.saleId,
    order_info: 'Thanh toán',
    lang: 'vi',
  }),
  'POST /api/payments/momo/:id/confirm': momoResult,
  'POST /api/payments/momo/ipn': momoResult,
  'POST /api/payments/vnpay/create': (v) => ({
    amount: 50_000,
    sale_id: v.saleId,
    locale: 'vn',
    bank_code: 'NCB',
  }),
  'POST /api/payments/vietqr/create': (v) => ({ amount: 50_000, sale_id: v.draftSaleId, info: 'POS order' }),
  // '.invalid' is not an allowed push host (ADR 009): the sample subscribe is refused, so no test pushes out.
  'POST /api/push/subscribe': () => ({
    subscription: {
      endpoint: 'https://push.invalid/route-table-sample',
      expirationTime: null,
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      },
    },
    userAgent: 'route-table',
    platform: 'test',
  }),
  'POST /api/push/unsubscribe': () => ({ endpoint: 'https://push.invalid/route-table-sample' }),
  'POST /api/push/test': () => ({ title: 'Sample', body: 'Sample body' }),
  'POST /api/pos/drawer/no-sale': () => ({ uuid: randomUUID(), reason: 'Change for the tip jar' }),
  'POST /api/pos/walk-in': (v) => ({
    customer_name: 'Sample walk-in',
    customer_id: v.customerId,
    user_id: v.users.staff,
    booking_appt_service: [{ service_id: v.catalog.manicure }],
  }),
  'POST /api/pos/walk-in/:id/assign': (v) => ({ technician_id: v.users.staff, version: 1 }),
  'POST /api/pos/walk-in/:id/start': (v) => ({ technician_id: v.users.staff }),
  'POST /api/pos/walk-in/:id/unassign': () => ({}),
  'POST /api/pos/walk-in/:id/done': () => ({}),
  'POST /api/pos/walk-in/:id/left': () => ({}),
  'POST /api/pos/walk-in/:id/no-show': () => ({}),
  'POST /api/pos/bookingAppt': (v) => ({
    uuid: randomUUID(),
    customer_name: 'Sample booking',
    booking_appt_service: [
      { service_id: v.catalog.manicure, user_id: null, starts_at: '2026-12-08T10:00:00Z' },
    ],
  }),
  'PUT /api/pos/bookingAppt/:id': (v) => ({
    customer_name: 'Sample booking',
    booking_appt_service: [
      { service_id: v.catalog.manicure, user_id: null, starts_at: '2026-12-08T11:00:00Z' },
    ],
  }),
  'POST /api/pos/bookingAppt/:id/status': () => ({ status: 'confirmed' }),
  'POST /api/pos/bookingAppt/:id/attribute': () => ({ key: 'color', value: 'teal' }),
  'POST /api/pos/bookingAppt/assign': (v) => ({
    booking_id: v.bookingId,
    line_id: v.bookingLineId,
    user_id: v.users.staff,
  }),
  'POST /api/pos/bookingAppt/bulk': (v) => ({ ids: [v.bookingId], action: 'status', status: 'confirmed' }),
  // A commit naming the tenant's service by id: another tenant's import of it is 422 (no such service there).
  'POST /api/pos/bookingAppt/import': (v) => ({
    multipart: multipart(
      { mode: 'commit' },
      {
        field: 'file',
        filename: 'bookings.csv',
        content: csvFile(BOOKING_IMPORT_COLUMNS, [
          { customer_name: 'Sample import', date: '2026-12-08', time: '10:00', service: v.catalog.manicure },
        ]),
      },
    ),
  }),
  'PUT /api/pos/employees/:id/booking-hours': () => ({ hours: null, days_off: [] }),
  'POST /api/settings/kiosk-tokens': (v) => ({ store_id: v.storeId, label: 'Sample kiosk' }),
  'POST /api/kiosk/sign-in': () => ({ phone: '+84901234567' }),
  'POST /api/kiosk/sign-up': () => ({ first_name: 'Sample', phone: '+84901234567' }),
  'POST /api/kiosk/check-in': (v) => ({
    uuid: randomUUID(),
    customer_handle: 'sample-handle',
    technician_id: v.users.staff,
    service_ids: [v.catalog.manicure],
  }),
  'POST /api/kiosk/reviews': (v) => ({
    customer_handle: 'sample-handle',
    rating: 5,
    technician_id: v.users.staff,
  }),

  // ---- sales
  'POST /api/pos/sales': (v) =>
    saleBody({
      employeeId: v.users.staff,
      lines: [
        { item_id: v.catalog.manicure },
        { item_id: v.catalog.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2, price: 1_000 },
      ],
      payments: [
        { payment_type: PAYMENT_TYPE.POINT, payment_amount: 100 },
        {
          payment_type: PAYMENT_TYPE.GIFTCARD,
          payment_amount: 500,
          payment_info: { reference: v.giftcardNumber },
        },
        { payment_type: PAYMENT_TYPE.CASH, payment_amount: 1_000_000 },
      ],
      tip: 500,
      extra: { customer: { id: v.memberId } },
    }),
  'POST /api/pos/sales/bulk': (v) => ({ action: 'trash', ids: [v.saleId], reason: 'Duplicate ticket' }),
  'POST /api/pos/sales/save-all-changes': (v) => ({
    changes: [{ id: v.saleId, order_at: hourAgo(), tips: [{ user_id: v.users.staff, tip_amount: 700 }] }],
  }),
  'POST /api/pos/sales/:id': (v) =>
    saleBody({
      employeeId: v.users.staff,
      uuid: v.draftUuid,
      status: SALE_STATUS.DRAFT,
      lines: [{ item_id: v.catalog.pedicure, quantity: 2 }],
      payments: [],
      extra: { customer: { id: v.customerId } },
    }),
  'POST /api/pos/sales/:id/status': () => ({ status: SALE_STATUS.VOID, reason: 'Rang up twice' }),
  'POST /api/pos/sales/:id/tip': (v) => ({ tips: [{ user_id: v.users.staff, tip_amount: 300 }] }),
  'POST /api/pos/sales/:id/employee': (v) => ({
    from_employee_id: v.users.staff,
    to_employee_id: v.users.manager,
  }),
  'POST /api/pos/sales/:id/order-at': () => ({ order_at: hourAgo() }),
  'POST /api/pos/sales/:id/refund': (v) => ({
    lines: [{ sale_line_id: v.saleLineId, quantity: 1 }],
    reason: 'Chipped polish',
  }),
  'POST /api/pos/sales/:id/void': () => ({ reason: 'Customer left' }),
};

/**
 * Write routes that take no body (their schema has none, or only a session matters). Reviewed: a route with
 * a body schema must have a sample above.
 */
/**
 * Routes whose success is a stream that stays open (Server-Sent Events, docs/live.md): app.inject waits for a
 * response to end, so a test that calls every route WITH the right to it skips these; their success is tested
 * over real HTTP (src/server/routes/live/live-routes.test.ts), their refusals by the route table as any route's.
 */
export const STREAM_ROUTES: readonly RouteKey[] = [
  'GET /api/live/stores/:storeId/events',
  'GET /api/kiosk/events',
];

export const ROUTES_WITHOUT_SAMPLE_BODY: readonly RouteKey[] = [
  ...RESOURCE_ROUTES_WITHOUT_BODY,
  'DELETE /api/settings/kiosk-tokens/:id',
  'POST /api/logout',
  'POST /api/payments/vietqr/:id/confirm',
  'POST /api/pos/sales/:id/restore',
  'DELETE /api/pos/sales/clear-trashed/all',
  'DELETE /api/pos/sales/clear-trashed/:id',
  'DELETE /api/pos/sales/:id',
  'DELETE /api/pos/bookingAppt/:id',
  'DELETE /api/report/payrolls/:id',
];

export const SAMPLE_QUERIES: Readonly<Record<RouteKey, (v: VictimRows) => Record<string, string>>> = {
  'GET /api/store-settings': (v) => ({ store_id: String(v.storeId) }),
  'GET /api/codes': () => ({ codeName: 'language' }),
  'GET /api/media': (v) => ({ path: `avatars/${v.fixture.tenantId}/victim.png` }),
  'GET /api/pos/sales': (v) => ({
    'filter[customer_id]': String(v.memberId),
    'filter[employee_id]': String(v.users.staff),
  }),
  'GET /api/payments': (v) => ({ 'filter[sale_id]': String(v.saleId) }),
  'GET /api/pos/customers': (v) => ({ search: `Victim${v.fixture.tenantCode}` }),
  'GET /api/pos/employees': (v) => ({ store_id: String(v.storeId) }),
  'GET /api/pos/employees/checked-in': (v) => ({ store_id: String(v.storeId) }),
  'GET /api/pos/sales/service-product-setting': (v) => ({ store_id: String(v.storeId) }),
  'GET /api/pos/sales/init': (v) => ({ store_id: String(v.storeId) }),
  'GET /api/pos/giftcards/:id/histories': (v) => ({ 'filter[sale_id]': String(v.saleId) }),
  'GET /api/pos/walk-in': (v) => ({ store_id: String(v.storeId) }),
  ...Object.fromEntries(
    ['', '/unassigned', '/count-in-days', '/top-services'].map((tail) => [
      `GET /api/pos/bookingAppt${tail}`,
      () => ({ from: '2026-12-07T00:00:00Z', to: '2026-12-14T00:00:00Z' }),
    ]),
  ),
  'GET /api/pos/walk-in/group-by-employee': (v) => ({ store_id: String(v.storeId) }),
  // The working-time reports name the person: A's staff member is not B's, so B gets a 404.
  'GET /api/report/working-times': (v) => ({ user_id: String(v.users.staff) }),
  'GET /api/report/working-times/export': (v) => ({ user_id: String(v.users.staff) }),
  'GET /api/report/working-times/report-summary': (v) => ({ user_id: String(v.users.staff) }),
  'DELETE /api/report/working-times': (v) => ({
    user_id: String(v.users.staff),
    date_work: v.workingDate,
    reason: 'Clocked in by mistake',
  }),
  // The sales reports (docs/reports.md) name a person the same way: A's staff member is a 404 to B.
  ...Object.fromEntries(
    [
      'daily',
      'summary',
      'customers',
      'customers/birthay-in-month',
      'customers/birthday-in-month',
      'customers/total',
      'analysis-customer',
      'payment-analysis/summary',
      'store',
      'store/days',
      'giftcard',
      'services-products',
      'netincomes',
      'netincomes/report-summary',
      'netincomes/report-full-details',
      'netincomes-wkt',
      'netincomes-wkt/report-summary',
      'netincomes-wkt/report-full-details',
    ]
      .flatMap((path) => [path, `${path}/export`])
      .map((path) => [
        `GET /api/report/${path}`,
        (v: VictimRows) => ({ user_id: String(v.users.staff), time_type: 'all' }),
      ]),
  ),
  // The details reports name their row: A's customer, till, card or item is a 404 to B, on the export too.
  ...Object.fromEntries(
    ['', '/export'].flatMap((tail) => [
      [
        `GET /api/report/customers/details${tail}`,
        (v: VictimRows) => ({ customer_id: String(v.customerId), time_type: 'all' }),
      ],
      [
        `GET /api/report/store/details${tail}`,
        (v: VictimRows) => ({ workstation_id: String(v.workstationId), time_type: 'all' }),
      ],
      [
        `GET /api/report/giftcard/details${tail}`,
        (v: VictimRows) => ({ giftcard_id: String(v.giftcardId), time_type: 'all' }),
      ],
      [
        `GET /api/report/services-products/details${tail}`,
        (v: VictimRows) => ({ item_type: '1', item_id: String(v.catalog.manicure), time_type: 'all' }),
      ],
    ]),
  ),
  // The payroll preview (docs/payroll.md) names a technician the same way.
  'GET /api/report/payrolls/preview': (v) => ({ user_id: String(v.users.staff), time_type: 'all' }),
  // The payroll reports name a calculated run and a technician (docs/payroll.md, "Endpoints").
  ...Object.fromEntries(
    ['wk-summary', 'wk-details', 'commission-report', 'commission-summary', 'commission-details'].map(
      (name) => [
        `GET /api/report/payrolls/${name}`,
        (v: VictimRows) => ({ payroll_id: String(v.payrollId), user_id: String(v.users.staff) }),
      ],
    ),
  ),
  'GET /api/report/payrolls/:id/report': (v) => ({ user_id: String(v.users.staff) }),
  'GET /api/report/working-times/payroll': (v) => ({ payroll_id: String(v.payrollId) }),
  'GET /api/report/working-times/payroll-preview': (v) => ({ user_id: String(v.users.staff) }),
};

export const isWrite = (route: { method: string }) =>
  route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' || route.method === 'DELETE';

export function sampleBody(route: { method: string; url: string }, v: VictimRows): unknown {
  const sample = SAMPLE_BODIES[routeKey(route)];
  return sample ? sample(v) : {};
}

export interface SampleRequest {
  method: RouteInfo['method'];
  url: string;
  payload?: unknown;
  /** A multipart sample's content type (its payload is then the encoded body). */
  headers?: Record<string, string>;
}

/** The requests a generated test sends to `route` for the tenant's rows (one per concrete path). */
export function sampleRequests(route: RouteInfo, v: VictimRows): SampleRequest[] {
  const query = SAMPLE_QUERIES[routeKey(route)]?.(v);
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return concretePaths(route, v).map((path) => {
    const payload = isWrite(route) && route.method !== 'DELETE' ? sampleBody(route, v) : undefined;
    return {
      method: route.method,
      url: `${path}${search}`,
      ...(isMultipartSample(payload)
        ? { payload: payload.multipart.payload, headers: payload.multipart.headers }
        : payload === undefined
          ? {}
          : { payload }),
    };
  });
}

/** A fresh uuid where a body carries the sample's sale uuid (a create with a used uuid stops at 409). */
export function withFreshUuid(body: unknown, used: string): unknown {
  if (typeof body === 'string') return body === used ? randomUUID() : body;
  if (Array.isArray(body)) return body.map((b) => withFreshUuid(b, used));
  if (typeof body === 'object' && body !== null) {
    return Object.fromEntries(Object.entries(body).map(([k, value]) => [k, withFreshUuid(value, used)]));
  }
  return body;
}
