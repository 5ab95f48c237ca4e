/**
 * A tenant with a catalog of any size, for the tap-to-total benchmark (bench/inp.ts), written through the DB
 * layer (Drizzle schema) like the demo seed: the fixture of the route tests (createTenantWithUsers: tenant,
 * store with the demo store's settings, workstation, one user per role with a password), then technicians
 * clocked in today, and `items` services and products spread over categories. Deterministic names and
 * prices, so two runs build the same catalog.
 *
 * Shape of the catalog (a large salon group's shared catalog, not a nail spa's 40 services): 4 of 5 items are
 * services, the rest products taxed "5,9.5" like the demo's; one category per 500 items (at least 2 and at
 * most 50 for services, a quarter of that for products).
 */
import type { Db } from '../../src/server/db/client';
import { createTenantWithUsers } from '../../tests/support/server/tenant-fixture';
import { categories, products, services } from '../../src/server/db/schema/catalog';
import { users } from '../../src/server/db/schema/users';
import { workingTimes } from '../../src/server/db/schema/working-times';
import { COMPOUND_TAXES } from '../../src/server/seed/demo-catalog';
import { DEMO_STORE } from '../../src/server/seed/demo-data';

export interface SeededCatalog {
  tenantCode: string;
  /** The cashier who logs in (role staff, Sale module on). */
  username: string;
  password: string;
  storeId: number;
  workstationId: number;
  items: number;
  technicians: readonly string[];
}

export interface SeedCatalogOptions {
  code: string;
  items: number;
  technicians?: number;
}

const ROWS_PER_INSERT = 1_000;
const TECHNICIAN_NAMES = ['Alice', 'Binh', 'Carmen', 'Duc', 'Elena', 'Farah', 'Giang', 'Hana'];
const SERVICE_WORDS = [
  'Manicure',
  'Pedicure',
  'Gel Polish',
  'Acrylic Fill',
  'Nail Art',
  'Waxing',
  'Facial',
  'Massage',
];
const PRODUCT_WORDS = ['Polish', 'Cuticle Oil', 'Hand Cream', 'Nail File', 'Top Coat', 'Base Coat'];

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The store-local date (YYYY-MM-DD) of now in the demo store's time zone: the check-in's business day. */
function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export async function seedCatalogTenant(db: Db, options: SeedCatalogOptions): Promise<SeededCatalog> {
  const fixture = await createTenantWithUsers(db, {
    code: options.code,
    name: `Bench ${options.code}`,
    storeSettings: { ...DEMO_STORE.settings, default_home: 'dashboard' },
    sessions: false,
  });
  const tenantId = fixture.tenantId;
  const storeId = fixture.store.id;

  const technicianCount = options.technicians ?? 4;
  const techRows = await db
    .insert(users)
    .values(
      Array.from({ length: technicianCount }, (_, i) => {
        const first = TECHNICIAN_NAMES[i % TECHNICIAN_NAMES.length]!;
        const last = `Tech${i + 1}`;
        return {
          tenantId,
          storeId,
          role: 'staff' as const,
          username: `tech${i + 1}-${options.code.toLowerCase()}`,
          displayName: `${first} ${last}`,
          firstName: first,
          lastName: last,
          isTechnician: true,
          commissionRate: 40,
          displayOrder: i + 1,
        };
      }),
    )
    .returning({ id: users.id, displayName: users.displayName });
  const now = Date.now();
  await db.insert(workingTimes).values(
    techRows.map((t, i) => ({
      tenantId,
      storeId,
      userId: t.id,
      dateWork: today(DEMO_STORE.timezone),
      checkInAt: new Date(now - (techRows.length - i) * 60_000),
    })),
  );

  const serviceCount = Math.round(options.items * 0.8);
  const productCount = options.items - serviceCount;
  const serviceCategoryCount = Math.min(50, Math.max(2, Math.round(serviceCount / 500)));
  const productCategoryCount = Math.min(13, Math.max(1, Math.round(productCount / 500)));
  const categoryRows = await db
    .insert(categories)
    .values([
      ...Array.from({ length: serviceCategoryCount }, (_, i) => ({
        tenantId,
        storeId,
        type: 'service' as const,
        name: `Services ${String(i + 1).padStart(2, '0')}`,
        displayOrder: i + 1,
      })),
      ...Array.from({ length: productCategoryCount }, (_, i) => ({
        tenantId,
        storeId,
        type: 'product' as const,
        name: `Products ${String(i + 1).padStart(2, '0')}`,
        displayOrder: i + 1,
      })),
    ])
    .returning({ id: categories.id, type: categories.type });
  const serviceCategories = categoryRows.filter((c) => c.type === 'service').map((c) => c.id);
  const productCategories = categoryRows.filter((c) => c.type === 'product').map((c) => c.id);

  const serviceRows = Array.from({ length: serviceCount }, (_, i) => ({
    tenantId,
    storeId,
    categoryId: serviceCategories[i % serviceCategories.length]!,
    name: `${SERVICE_WORDS[i % SERVICE_WORDS.length]} ${i + 1}`,
    price: 1_000 + ((i * 37) % 90) * 50,
    cost: 100 + ((i * 11) % 20) * 10,
    taxes: '',
    durationMinutes: 15 + (i % 6) * 15,
    displayOrder: i + 1,
  }));
  for (const rows of chunks(serviceRows, ROWS_PER_INSERT)) await db.insert(services).values(rows);

  const productRows = Array.from({ length: productCount }, (_, i) => ({
    tenantId,
    storeId,
    categoryId: productCategories[i % productCategories.length]!,
    name: `${PRODUCT_WORDS[i % PRODUCT_WORDS.length]} ${i + 1}`,
    sku: `${options.code}-P${String(i + 1).padStart(6, '0')}`,
    price: 500 + ((i * 53) % 60) * 25,
    cost: 200 + ((i * 7) % 10) * 20,
    taxes: COMPOUND_TAXES,
    stockQuantity: 100,
    displayOrder: i + 1,
  }));
  for (const rows of chunks(productRows, ROWS_PER_INSERT)) await db.insert(products).values(rows);

  const cashier = fixture.users.staff;
  return {
    tenantCode: options.code,
    username: cashier.username,
    password: cashier.password,
    storeId,
    workstationId: fixture.workstation.id,
    items: options.items,
    technicians: techRows.map((t) => t.displayName),
  };
}
