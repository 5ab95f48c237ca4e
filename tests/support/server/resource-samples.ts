/**
 * One sample per back-office resource (docs/back-office.md, "Tests"), so the tests generated from the route
 * table cover every resource's routes without an entry per route: tenant A gets a row of each resource
 * (victim-rows.ts), `:id` of `/api/<name>/:id` resolves to it, and each write route gets a body that passes
 * its schema (route-samples.ts). A new resource adds one entry here.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../src/domain/constants';
import { CATEGORY_RESOURCE } from '../../../src/server/routes/categories/categories-routes';
import { COUPON_RESOURCE } from '../../../src/server/routes/coupons/coupons-routes';
import { CUSTOMER_GROUP_RESOURCE } from '../../../src/server/routes/customer-groups/customer-groups-routes';
import { EXPENSE_RESOURCE } from '../../../src/server/routes/expenses/expenses-routes';
import { CUSTOMER_RESOURCE } from '../../../src/server/routes/customers/customers-admin-routes';
import { MEMBERSHIP_RESOURCE } from '../../../src/server/routes/memberships/memberships-routes';
import { GIFTCARD_RESOURCE } from '../../../src/server/routes/giftcards/giftcards-admin-routes';
import { PRODUCT_KIT_RESOURCE } from '../../../src/server/routes/product-kits/product-kits-routes';
import { PRODUCT_RESOURCE } from '../../../src/server/routes/products/products-routes';
import { SERVICE_RESOURCE } from '../../../src/server/routes/services/services-routes';
import { SUPPLIER_RESOURCE } from '../../../src/server/routes/suppliers/suppliers-routes';
import { UNIT_RESOURCE } from '../../../src/server/routes/units/units-routes';
import { USER_RESOURCE } from '../../../src/server/routes/users/users-routes';
import type { ResourceConfig, ResourceTable } from '../../../src/server/resources/resource-config';
import type { z } from 'zod';
import { csvFile, multipart } from './resource-multipart';

type AnyConfig = ResourceConfig<ResourceTable, z.ZodType, z.ZodType, z.ZodType>;

/** What a sample may refer to: the tenant's rows made before it, and its people. */
export interface SampleContext {
  /** By resource name, plus PRODUCT_CATEGORY (a product category made first). */
  resources: Readonly<Record<string, number>>;
  users: Readonly<Record<Role, number>>;
}

/** Key of the product category made before the samples (products need one; the categories sample is a service one). */
export const PRODUCT_CATEGORY = 'categories:product';

export interface ResourceSample {
  config: AnyConfig;
  /** A valid create body whose unique, searchable text is `text`. */
  create: (text: string, ctx: SampleContext) => Record<string, unknown>;
  /** A valid update body. */
  update: Record<string, unknown>;
  /** Bodies of the resource's own write routes beyond the factory's ('POST /api/services/:id/ordering'). */
  extraBodies?: Readonly<Record<string, (ctx: SampleContext) => Record<string, unknown>>>;
  /** Its own POST routes that take no body (a read the endpoint catalogue makes a POST). */
  routesWithoutBody?: readonly string[];
  /** Its own reads whose 2xx to another tenant is about that tenant's rows ('GET /api/pos/services'). */
  ownDataRoutes?: readonly string[];
}

export const RESOURCE_SAMPLES: readonly ResourceSample[] = [
  {
    config: UNIT_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ name: text, abbreviation: 'btl' }),
    update: { abbreviation: 'box' },
  },
  {
    config: SUPPLIER_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ name: text, contact_name: 'Lan Tran', email: 'orders@example.com' }),
    update: { note: 'Delivers on Mondays' },
  },
  {
    config: CATEGORY_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ type: 'service', name: text, display_order: '1' }),
    update: { display_order: '2' },
  },
  {
    config: SERVICE_RESOURCE as unknown as AnyConfig,
    create: (text, ctx) => ({
      category_id: ctx.resources.categories,
      name: text,
      price: '4500',
      duration_minutes: '45',
    }),
    update: { price: '5000' },
    extraBodies: { 'POST /api/services/:id/ordering': () => ({ display_order: 3 }) },
    ownDataRoutes: ['GET /api/pos/services', 'GET /api/pos/services/walkin-services'],
  },
  {
    config: PRODUCT_RESOURCE as unknown as AnyConfig,
    create: (text, ctx) => ({
      category_id: ctx.resources[PRODUCT_CATEGORY],
      name: text,
      sku: `SKU-${text.replace(/[\s,;]/g, '-')}`.slice(0, 64),
      price: '1200',
    }),
    update: { price: '1300' },
    extraBodies: { 'POST /api/products/:id/ordering': () => ({ display_order: 3 }) },
    ownDataRoutes: ['GET /api/products/inventory', 'GET /api/products/inventoriesDetail'],
  },
  {
    // After products: its items name the product sample.
    config: PRODUCT_KIT_RESOURCE as unknown as AnyConfig,
    create: (text) => ({
      name: text,
      sku: `KIT-${text.replace(/[\s,;]/g, '-')}`.slice(0, 64),
      price: '3900',
    }),
    update: { price: '4100' },
    extraBodies: {
      'PUT /api/productkits/:id/items': (ctx) => ({
        items: [{ product_id: ctx.resources.products, quantity: 2 }],
      }),
    },
  },
  {
    config: EXPENSE_RESOURCE as unknown as AnyConfig,
    create: (text, ctx) => ({
      category: 'Supplies',
      amount: '1500',
      date: '2026-11-20',
      paid_by: ctx.users.owner,
      note: text,
    }),
    update: { amount: '1600' },
  },
  {
    config: USER_RESOURCE as unknown as AnyConfig,
    create: (text) => ({
      name: text,
      username: text
        .replace(/[^A-Za-z0-9]/g, '')
        .toLowerCase()
        .slice(0, 50),
      role: 'staff',
      commission_rate: '40',
    }),
    update: { commission_rate: '45' },
    extraBodies: { 'POST /api/users/:id/change-pass': () => ({ new_password: 'another-pass-9' }) },
    ownDataRoutes: ['GET /api/users/total'],
  },
  {
    config: CUSTOMER_GROUP_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ name: text, description: 'Come every two weeks' }),
    update: { description: 'Come every month' },
    routesWithoutBody: ['POST /api/customer-groups/:id/check-has-customer'],
  },
  {
    config: COUPON_RESOURCE as unknown as AnyConfig,
    // The code is normalised (letters, digits, dashes); the searchable text is the name.
    create: (text) => ({
      code: `CP-${text.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64),
      name: text.slice(0, 100),
      discount_type: '1',
      discount_value: '500',
    }),
    update: { min_order_amount: '3000' },
  },
  {
    config: GIFTCARD_RESOURCE as unknown as AnyConfig,
    // The number is random (a normalised code of at most 64); the text, searchable, is the notes.
    create: (text) => ({
      number: `GC-${randomBytes(6).toString('hex')}`,
      initial_amount: '5000',
      notes: text,
    }),
    update: { notes: 'Replaced a lost card' },
    extraBodies: { 'POST /api/giftcards/:id/reload': () => ({ amount: 1000 }) },
    // The export is a read the endpoint catalogue makes a POST (base64 contents); the switches take no body.
    routesWithoutBody: [
      'POST /api/giftcards/export',
      'POST /api/giftcards/:id/deactivate',
      'POST /api/giftcards/:id/activate',
    ],
    ownDataRoutes: ['POST /api/giftcards/export'],
  },
  {
    config: MEMBERSHIP_RESOURCE as unknown as AnyConfig,
    create: (text) => ({
      name: text,
      discount_type: 0,
      discount_value: 10,
      price: 4900,
      duration_months: 12,
    }),
    update: { benefits: 'Free nail art on every visit' },
  },
  {
    config: CUSTOMER_RESOURCE as unknown as AnyConfig,
    // A unique phone per sample: the text's bytes as digits (one active customer per phone).
    create: (text) => ({
      first_name: text,
      phone: `555${[...text]
        .map((c) => c.charCodeAt(0) % 10)
        .join('')
        .slice(-9)}`,
    }),
    update: { notes: 'Prefers gel' },
    // Without customer_id, the reviews of the caller's own tenant.
    ownDataRoutes: ['GET /api/customers/reviews'],
  },
];

/** A write whose body is multipart (an import's CSV file): sent as such, with its content type. */
export interface MultipartSample {
  multipart: { payload: Buffer; headers: Record<string, string> };
}

export function isMultipartSample(value: unknown): value is MultipartSample {
  return typeof value === 'object' && value !== null && 'multipart' in value;
}

/**
 * What each resource route is sent by the generated route-table tests, keyed like SAMPLE_BODIES; `resources`
 * holds tenant A's row of each resource.
 */
export function resourceSampleBodies(): Record<
  string,
  (v: SampleContext) => Record<string, unknown> | MultipartSample
> {
  const out: ReturnType<typeof resourceSampleBodies> = {};
  for (const { config, create, update, extraBodies } of RESOURCE_SAMPLES) {
    Object.assign(out, extraBodies);
    const base = `/api/${config.name}`;
    out[`POST ${base}`] = (v) => create(`Sample ${config.name} ${Date.now()}`, v);
    out[`${config.updateMethod ?? 'POST'} ${base}/:id`] = () => update;
    out[`POST ${base}/bulk`] = (v) => ({ action: 'disable', ids: [v.resources[config.name]] });
    if (config.importColumns) {
      const columns = config.importColumns;
      out[`POST ${base}/import`] = (v) => ({
        multipart: multipart(
          { mode: 'dry_run' },
          { field: 'file', filename: 'rows.csv', content: csvFile(columns, [create('Imported sample', v)]) },
        ),
      });
    }
  }
  return out;
}

/**
 * Resource routes whose 2xx to another tenant is about that tenant's own rows: its list and export, a create
 * or a dry-run import in its own store, and a bulk that reports A's ids as not_found.
 */
export const RESOURCE_OWN_DATA_ROUTES: readonly string[] = RESOURCE_SAMPLES.flatMap(
  ({ config, ownDataRoutes }) => [
    `GET /api/${config.name}`,
    `GET /api/${config.name}/export`,
    `POST /api/${config.name}`,
    `POST /api/${config.name}/bulk`,
    ...(config.importColumns ? [`POST /api/${config.name}/import`] : []),
    ...(ownDataRoutes ?? []),
  ],
);

/** Resource writes without a body: the deletes, and the resources' own bodyless POSTs. */
export const RESOURCE_ROUTES_WITHOUT_BODY: readonly string[] = RESOURCE_SAMPLES.flatMap(
  ({ config, routesWithoutBody }) => [`DELETE /api/${config.name}/:id`, ...(routesWithoutBody ?? [])],
);

/** `/api/<name>/...` of a sampled resource → its name. */
export function resourceOfPath(path: string): string | undefined {
  return RESOURCE_SAMPLES.find(({ config }) => path.startsWith(`/api/${config.name}/`))?.config.name;
}

/**
 * Creates tenant A's row of every resource through the API (after a product category the product sample
 * needs); rows are named with `marker`.
 */
export async function createResourceRows(
  create: (url: string, body: Record<string, unknown>) => Promise<{ id: unknown }>,
  marker: string,
  users: Readonly<Record<Role, number>>,
): Promise<Record<string, number>> {
  const productCategory = await create('/api/categories', {
    type: 'product',
    name: `${marker} product care`,
  });
  const ids: Record<string, number> = { [PRODUCT_CATEGORY]: Number(productCategory.id) };
  for (const { config, create: body } of RESOURCE_SAMPLES) {
    const row = await create(
      `/api/${config.name}`,
      body(`${marker} ${config.name}`, { resources: ids, users }),
    );
    ids[config.name] = Number(row.id);
  }
  return ids;
}
