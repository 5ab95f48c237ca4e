/**
 * The demo tenant's content: deterministic, so the README's demo logins, the counts the
 * tests check and what a tester sees on a fresh `npm start` are the same everywhere. Prices and costs are
 * minor units (cents); percentages are plain numbers (12.5 = 12.5 %).
 */
import {
  MODULE,
  PERMISSION_TEMPLATE_ALL_OFF,
  PERMISSION_TEMPLATE_ALL_ON,
  ROLE,
} from '../../domain/constants';
import type { ModuleId, ModulePermission, Role } from '../../domain/constants';
import { withModule } from '../../domain/permissions';
import type { StoreSettings } from '../db/schema/stores';

export const DEMO_TENANT = { code: 'DEMO', name: 'Demo Salon' } as const;

/**
 * config_tax_on_tax 2: the second rate of a line's taxes compounds on the net plus the first rate, the
 * docs/money.md example ("5,9.5": net 100.00 → 5.00 + 9.98). Every product and kit below is taxed "5,9.5".
 */
export const DEMO_STORE = {
  code: '1',
  name: 'Demo Nail Spa',
  timezone: 'America/New_York',
  currency: 'USD',
  settings: {
    default_home: 'dashboard',
    language: 'en',
    config_tax_on_tax: 2,
    config_indian_tax: '0',
    creditcard_fee_percent: 3,
    creditcard_fee_to_customer: false,
    offline_card_limit_per_ticket: 20_000,
    offline_card_limit_total: 100_000,
    // Placeholders: a real store enters its own provider keys in settings.
    momo: { partnerCode: 'MOMODEMO', accessKey: 'demo-momo-access-key', secretKey: 'demo-momo-secret-key' },
    vnpay: { tmnCode: 'DEMOTMN1', hashSecret: 'DEMOVNPAYHASHSECRETDEMOVNPAYHASH' },
    // The account of vietqr.io's published example.
    vietqr: { acqId: '970415', accountNo: '113366668888', accountName: 'DEMO NAIL SPA' },
    receipt: {
      name: 'Demo Nail Spa',
      address: '123 Main Street, New York, NY 10001',
      phone: '(212) 555-0100',
    },
  } satisfies StoreSettings,
} as const;

export const DEMO_WORKSTATIONS = [
  { number: 1, name: 'Front Desk' },
  { number: 2, name: 'Pedicure Station' },
] as const;

/** Everyone's demo password (README "Demo logins"). */
export const DEMO_PASSWORD = 'demo1234';

// Permissions per role (docs/roles.md#modules-and-flags modules 1-14): owner and admin everything; manager
// everything but the
// settings' write and the power to grant permissions; staff the floor's modules.
function managerPermissions(): ModulePermission[] {
  return PERMISSION_TEMPLATE_ALL_ON.map((p) => ({
    ...p,
    is_writable: p.module !== MODULE.SETTING,
    can_set_readable: false,
    can_set_writable: false,
    can_set_enable: false,
  }));
}

function staffPermissions(readWrite: readonly ModuleId[], readOnly: readonly ModuleId[]): ModulePermission[] {
  let perms: ModulePermission[] = PERMISSION_TEMPLATE_ALL_OFF.map((p) => ({ ...p }));
  for (const module of readWrite)
    perms = withModule(perms, module, { enable: true, is_readable: true, is_writable: true });
  for (const module of readOnly) perms = withModule(perms, module, { enable: true, is_readable: true });
  return perms;
}

export const DEMO_PERMISSIONS = {
  owner: (): ModulePermission[] => PERMISSION_TEMPLATE_ALL_ON.map((p) => ({ ...p })),
  admin: (): ModulePermission[] => PERMISSION_TEMPLATE_ALL_ON.map((p) => ({ ...p })),
  manager: managerPermissions,
  cashier: (): ModulePermission[] =>
    staffPermissions(
      [MODULE.SALE, MODULE.WALKIN, MODULE.TURN_SYSTEM, MODULE.SCHEDULE, MODULE.CUSTOMER],
      [MODULE.DASHBOARD, MODULE.GIFTCARD, MODULE.COUPON, MODULE.MEMBERSHIP],
    ),
  technician: (): ModulePermission[] =>
    staffPermissions([MODULE.SALE, MODULE.WALKIN, MODULE.TURN_SYSTEM], [MODULE.DASHBOARD, MODULE.SCHEDULE]),
} as const;

export interface DemoUser {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  pin: string;
  permissions: keyof typeof DEMO_PERMISSIONS;
  /** null: works across the tenant's stores (owner, admin). */
  homeStore: boolean;
  isTechnician: boolean;
  /** Default service commission percent. */
  commissionRate: number;
  /** Checked in at the seed (the sale screen's "checked-in employees"). */
  checkedIn: boolean;
  email: string;
  phone: string;
}

const user = (u: Omit<DemoUser, 'email'>): DemoUser => ({ ...u, email: `${u.username}@demo-nail-spa.test` });

/** PINs are unique in the tenant (users_tenant_pin_lookup_key). */
export const DEMO_USERS: readonly DemoUser[] = [
  user({
    username: 'owner',
    role: ROLE.OWNER,
    firstName: 'Linda',
    lastName: 'Tran',
    pin: '1111',
    permissions: 'owner',
    homeStore: false,
    isTechnician: false,
    commissionRate: 0,
    checkedIn: false,
    phone: '2125550101',
  }),
  user({
    username: 'admin',
    role: ROLE.ADMIN,
    firstName: 'Kevin',
    lastName: 'Park',
    pin: '2222',
    permissions: 'admin',
    homeStore: false,
    isTechnician: false,
    commissionRate: 0,
    checkedIn: false,
    phone: '2125550102',
  }),
  user({
    username: 'manager',
    role: ROLE.MANAGER,
    firstName: 'Maria',
    lastName: 'Lopez',
    pin: '3333',
    permissions: 'manager',
    homeStore: true,
    isTechnician: false,
    commissionRate: 0,
    checkedIn: false,
    phone: '2125550103',
  }),
  user({
    username: 'cashier',
    role: ROLE.STAFF,
    firstName: 'Jenny',
    lastName: 'Kim',
    pin: '4444',
    permissions: 'cashier',
    homeStore: true,
    isTechnician: false,
    commissionRate: 0,
    checkedIn: false,
    phone: '2125550104',
  }),
  user({
    username: 'anna',
    role: ROLE.STAFF,
    firstName: 'Anna',
    lastName: 'Nguyen',
    pin: '5001',
    permissions: 'technician',
    homeStore: true,
    isTechnician: true,
    commissionRate: 60,
    checkedIn: true,
    phone: '2125550111',
  }),
  user({
    username: 'bella',
    role: ROLE.STAFF,
    firstName: 'Bella',
    lastName: 'Pham',
    pin: '5002',
    permissions: 'technician',
    homeStore: true,
    isTechnician: true,
    commissionRate: 55,
    checkedIn: true,
    phone: '2125550112',
  }),
  user({
    username: 'chloe',
    role: ROLE.STAFF,
    firstName: 'Chloe',
    lastName: 'Le',
    pin: '5003',
    permissions: 'technician',
    homeStore: true,
    isTechnician: true,
    commissionRate: 50,
    checkedIn: true,
    phone: '2125550113',
  }),
  user({
    username: 'daisy',
    role: ROLE.STAFF,
    firstName: 'Daisy',
    lastName: 'Vo',
    pin: '5004',
    permissions: 'technician',
    homeStore: true,
    isTechnician: true,
    commissionRate: 50,
    checkedIn: false,
    phone: '2125550114',
  }),
  user({
    username: 'emma',
    role: ROLE.STAFF,
    firstName: 'Emma',
    lastName: 'Hoang',
    pin: '5005',
    permissions: 'technician',
    homeStore: true,
    isTechnician: true,
    commissionRate: 45.5,
    checkedIn: false,
    phone: '2125550115',
  }),
];

export const DEMO_TAXES = [
  { name: 'GST 5', rate: 5, position: 1 },
  { name: 'QST 9.5', rate: 9.5, position: 2 },
  { name: 'NY Sales Tax 8.875', rate: 8.875, position: 3 },
] as const;

/** The compound example of docs/money.md: GST 5 then QST 9.5 on net + GST (config_tax_on_tax 2). */
export const COMPOUND_TAXES = '5,9.5';

export const DEMO_SERVICE_CATEGORIES = [
  'Manicure',
  'Pedicure',
  'Nail Enhancements',
  'Nail Art',
  'Waxing',
  'Spa & Add-ons',
] as const;
export const DEMO_PRODUCT_CATEGORIES = ['Nail Polish', 'Nail Care', 'Skin Care', 'Tools'] as const;

type ServiceCategory = (typeof DEMO_SERVICE_CATEGORIES)[number];
type ProductCategory = (typeof DEMO_PRODUCT_CATEGORIES)[number];

export interface DemoService {
  category: ServiceCategory;
  name: string;
  price: number;
  /** Supply cost per service. */
  cost: number;
  durationMinutes: number;
  taxes?: string;
  /** Overrides the technician's rate. */
  commissionRate?: number;
}

export const DEMO_SERVICES: readonly DemoService[] = [
  { category: 'Manicure', name: 'Classic Manicure', price: 2000, cost: 150, durationMinutes: 30 },
  { category: 'Manicure', name: 'Gel Manicure', price: 3500, cost: 300, durationMinutes: 45 },
  { category: 'Manicure', name: 'French Manicure', price: 2800, cost: 200, durationMinutes: 40 },
  { category: 'Manicure', name: 'Spa Manicure', price: 3200, cost: 250, durationMinutes: 45 },
  { category: 'Manicure', name: 'Kids Manicure', price: 1200, cost: 100, durationMinutes: 20 },
  { category: 'Pedicure', name: 'Classic Pedicure', price: 3000, cost: 250, durationMinutes: 40 },
  { category: 'Pedicure', name: 'Gel Pedicure', price: 4500, cost: 400, durationMinutes: 55 },
  { category: 'Pedicure', name: 'Deluxe Spa Pedicure', price: 5500, cost: 500, durationMinutes: 60 },
  { category: 'Pedicure', name: 'Hot Stone Pedicure', price: 6500, cost: 600, durationMinutes: 70 },
  { category: 'Pedicure', name: 'Kids Pedicure', price: 2000, cost: 150, durationMinutes: 25 },
  { category: 'Nail Enhancements', name: 'Acrylic Full Set', price: 4500, cost: 500, durationMinutes: 60 },
  { category: 'Nail Enhancements', name: 'Acrylic Fill', price: 3500, cost: 350, durationMinutes: 45 },
  { category: 'Nail Enhancements', name: 'Dip Powder Full Set', price: 5000, cost: 550, durationMinutes: 60 },
  { category: 'Nail Enhancements', name: 'Gel-X Extensions', price: 6000, cost: 700, durationMinutes: 75 },
  {
    category: 'Nail Enhancements',
    name: 'Pink & White Full Set',
    price: 6500,
    cost: 650,
    durationMinutes: 80,
  },
  {
    category: 'Nail Enhancements',
    name: 'Nail Repair (per nail)',
    price: 500,
    cost: 50,
    durationMinutes: 10,
  },
  { category: 'Nail Enhancements', name: 'Acrylic Removal', price: 1500, cost: 100, durationMinutes: 20 },
  { category: 'Nail Art', name: 'Nail Art (per nail)', price: 500, cost: 50, durationMinutes: 10 },
  { category: 'Nail Art', name: 'Chrome Powder', price: 1500, cost: 200, durationMinutes: 15 },
  { category: 'Nail Art', name: 'Ombre Design', price: 2000, cost: 200, durationMinutes: 20 },
  { category: 'Nail Art', name: 'Rhinestone Set', price: 1000, cost: 300, durationMinutes: 15 },
  {
    category: 'Waxing',
    name: 'Eyebrow Wax',
    price: 1200,
    cost: 100,
    durationMinutes: 15,
    commissionRate: 40,
  },
  { category: 'Waxing', name: 'Lip Wax', price: 800, cost: 80, durationMinutes: 10, commissionRate: 40 },
  {
    category: 'Waxing',
    name: 'Full Face Wax',
    price: 4000,
    cost: 300,
    durationMinutes: 30,
    commissionRate: 40,
  },
  {
    category: 'Waxing',
    name: 'Underarm Wax',
    price: 2000,
    cost: 150,
    durationMinutes: 15,
    commissionRate: 40,
  },
  { category: 'Spa & Add-ons', name: 'Paraffin Wax Treatment', price: 1000, cost: 150, durationMinutes: 15 },
  { category: 'Spa & Add-ons', name: 'Callus Removal', price: 800, cost: 50, durationMinutes: 10 },
  { category: 'Spa & Add-ons', name: 'Collagen Mask', price: 1200, cost: 200, durationMinutes: 15 },
  {
    category: 'Spa & Add-ons',
    name: 'Hot Towel & Massage (10 min)',
    price: 1500,
    cost: 50,
    durationMinutes: 10,
  },
  // Taxed, to show the compound rule on a service too.
  {
    category: 'Spa & Add-ons',
    name: 'Express Facial',
    price: 4500,
    cost: 400,
    durationMinutes: 30,
    taxes: COMPOUND_TAXES,
  },
];

export interface DemoProduct {
  category: ProductCategory;
  name: string;
  sku: string;
  price: number;
  cost: number;
  stock: number;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    category: 'Nail Polish',
    name: 'OPI Nail Lacquer - Big Apple Red',
    sku: 'POL-001',
    price: 1150,
    cost: 550,
    stock: 24,
  },
  {
    category: 'Nail Polish',
    name: 'OPI Nail Lacquer - Bubble Bath',
    sku: 'POL-002',
    price: 1150,
    cost: 550,
    stock: 30,
  },
  {
    category: 'Nail Polish',
    name: 'Essie Polish - Ballet Slippers',
    sku: 'POL-003',
    price: 1000,
    cost: 450,
    stock: 18,
  },
  {
    category: 'Nail Polish',
    name: 'Essie Polish - Wicked',
    sku: 'POL-004',
    price: 1000,
    cost: 450,
    stock: 12,
  },
  {
    category: 'Nail Polish',
    name: 'CND Vinylux - Cream Puff',
    sku: 'POL-005',
    price: 1250,
    cost: 600,
    stock: 15,
  },
  { category: 'Nail Polish', name: 'Gel Top Coat', sku: 'POL-006', price: 1800, cost: 800, stock: 20 },
  { category: 'Nail Polish', name: 'Quick-Dry Top Coat', sku: 'POL-007', price: 950, cost: 400, stock: 25 },
  { category: 'Nail Care', name: 'Cuticle Oil 15 ml', sku: 'CARE-001', price: 1200, cost: 450, stock: 40 },
  { category: 'Nail Care', name: 'Nail Strengthener', sku: 'CARE-002', price: 1600, cost: 700, stock: 22 },
  {
    category: 'Nail Care',
    name: 'Acetone-Free Remover 250 ml',
    sku: 'CARE-003',
    price: 800,
    cost: 300,
    stock: 35,
  },
  {
    category: 'Nail Care',
    name: 'Ridge Filler Base Coat',
    sku: 'CARE-004',
    price: 1100,
    cost: 500,
    stock: 16,
  },
  { category: 'Skin Care', name: 'Hand Cream 75 ml', sku: 'SKIN-001', price: 1400, cost: 550, stock: 30 },
  { category: 'Skin Care', name: 'Foot Cream 100 ml', sku: 'SKIN-002', price: 1500, cost: 600, stock: 26 },
  { category: 'Skin Care', name: 'Sugar Scrub 200 g', sku: 'SKIN-003', price: 2200, cost: 900, stock: 14 },
  {
    category: 'Skin Care',
    name: 'Lavender Massage Lotion',
    sku: 'SKIN-004',
    price: 1800,
    cost: 700,
    stock: 20,
  },
  { category: 'Tools', name: 'Glass Nail File', sku: 'TOOL-001', price: 900, cost: 300, stock: 50 },
  { category: 'Tools', name: 'Cuticle Pusher', sku: 'TOOL-002', price: 700, cost: 200, stock: 45 },
  { category: 'Tools', name: 'Nail Clipper', sku: 'TOOL-003', price: 600, cost: 180, stock: 60 },
  { category: 'Tools', name: 'Buffer Block (4-way)', sku: 'TOOL-004', price: 400, cost: 100, stock: 80 },
  { category: 'Tools', name: 'Toe Separators (pair)', sku: 'TOOL-005', price: 300, cost: 50, stock: 100 },
];

export const DEMO_KITS = [
  {
    name: 'Home Manicure Kit',
    sku: 'KIT-001',
    price: 3900,
    cost: 1500,
    items: [
      { sku: 'CARE-001', quantity: 1 },
      { sku: 'TOOL-001', quantity: 1 },
      { sku: 'TOOL-002', quantity: 1 },
      { sku: 'POL-007', quantity: 1 },
    ],
  },
  {
    name: 'Pedicure Care Kit',
    sku: 'KIT-002',
    price: 4500,
    cost: 1700,
    items: [
      { sku: 'SKIN-002', quantity: 1 },
      { sku: 'SKIN-003', quantity: 1 },
      { sku: 'TOOL-005', quantity: 2 },
    ],
  },
] as const;

/** What the demo's products are counted in and bought from (the back office's units and suppliers). */
export const DEMO_UNITS = [
  { name: 'Bottle', abbreviation: 'btl' },
  { name: 'Jar', abbreviation: 'jar' },
  { name: 'Piece', abbreviation: 'pc' },
] as const;

export const DEMO_SUPPLIERS = [
  {
    name: 'Nail Supply Co.',
    contactName: 'Maria Lopez',
    phone: '2125550190',
    email: 'orders@nail-supply.test',
    address: '45 Industrial Ave, Newark, NJ 07102',
  },
  {
    name: 'Beauty Wholesale Inc.',
    contactName: 'Tom Becker',
    phone: '2125550191',
    email: 'sales@beauty-wholesale.test',
    address: '9 Commerce Blvd, Queens, NY 11101',
  },
] as const;

type DemoUnitName = (typeof DEMO_UNITS)[number]['name'];
type DemoSupplierName = (typeof DEMO_SUPPLIERS)[number]['name'];

/** Each product category's unit and supplier (every product of the category gets them). */
export const DEMO_PRODUCT_SOURCING: Readonly<
  Record<ProductCategory, { unit: DemoUnitName; supplier: DemoSupplierName }>
> = {
  'Nail Polish': { unit: 'Bottle', supplier: 'Nail Supply Co.' },
  'Nail Care': { unit: 'Bottle', supplier: 'Nail Supply Co.' },
  'Skin Care': { unit: 'Jar', supplier: 'Beauty Wholesale Inc.' },
  Tools: { unit: 'Piece', supplier: 'Nail Supply Co.' },
};

/**
 * Recent stock changes, so the inventory detail has something to show: each one ends at the product's
 * seeded stock (DEMO_PRODUCTS), `daysAgo` before the seed, by `by`.
 */
export const DEMO_STOCK_MOVEMENTS = [
  {
    sku: 'POL-001',
    change: 12,
    reason: 'received',
    note: 'Delivery from Nail Supply Co.',
    by: 'manager',
    daysAgo: 6,
  },
  {
    sku: 'SKIN-003',
    change: 10,
    reason: 'received',
    note: 'Delivery from Beauty Wholesale Inc.',
    by: 'manager',
    daysAgo: 4,
  },
  { sku: 'TOOL-003', change: -2, reason: 'damaged', note: 'Broken springs', by: 'manager', daysAgo: 3 },
  { sku: 'CARE-002', change: -1, reason: 'count', note: null, by: 'admin', daysAgo: 1 },
] as const;

/** The store's spending outside sales this month (amounts in minor units). */
export const DEMO_EXPENSES = [
  { daysAgo: 9, category: 'Rent', amount: 450_000, paidBy: 'owner', note: 'Monthly rent' },
  {
    daysAgo: 6,
    category: 'Supplies',
    amount: 18_450,
    paidBy: 'manager',
    note: 'Gloves, foil and cotton pads',
  },
  { daysAgo: 4, category: 'Utilities', amount: 32_075, paidBy: 'owner', note: 'Electricity and water' },
  { daysAgo: 2, category: 'Laundry', amount: 6_500, paidBy: 'manager', note: 'Towels' },
  { daysAgo: 1, category: 'Repairs', amount: 12_000, paidBy: null, note: 'Pedicure chair pump' },
] as const;

/** discount_type 0 = Percent, 1 = Amount (minor units). Points: points_per_unit per points_unit_amount spent. */
export const DEMO_MEMBERSHIPS = [
  { name: 'Silver', discountType: 0, discountValue: 5, pointsPerUnit: 1, pointsUnitAmount: 100 },
  { name: 'Gold', discountType: 0, discountValue: 10, pointsPerUnit: 2, pointsUnitAmount: 100 },
  { name: 'VIP', discountType: 1, discountValue: 1000, pointsPerUnit: 3, pointsUnitAmount: 100 },
] as const;

export const DEMO_CUSTOMERS = [
  {
    firstName: 'Sarah',
    lastName: 'Johnson',
    phone: '2125551001',
    membership: 'Gold',
    points: 320,
    birthday: '1988-04-12',
  },
  {
    firstName: 'Emily',
    lastName: 'Davis',
    phone: '2125551002',
    membership: 'Silver',
    points: 85,
    birthday: '1992-09-30',
  },
  {
    firstName: 'Jessica',
    lastName: 'Miller',
    phone: '2125551003',
    membership: 'VIP',
    points: 1250,
    birthday: '1979-01-05',
  },
  {
    firstName: 'Ashley',
    lastName: 'Wilson',
    phone: '2125551004',
    membership: null,
    points: 0,
    birthday: null,
  },
  {
    firstName: 'Amanda',
    lastName: 'Moore',
    phone: '2125551005',
    membership: 'Silver',
    points: 40,
    birthday: '1995-06-18',
  },
  {
    firstName: 'Megan',
    lastName: 'Taylor',
    phone: '2125551006',
    membership: null,
    points: 15,
    birthday: null,
  },
  {
    firstName: 'Lauren',
    lastName: 'Anderson',
    phone: '2125551007',
    membership: 'Gold',
    points: 510,
    birthday: '1985-11-23',
  },
  {
    firstName: 'Rachel',
    lastName: 'Thomas',
    phone: '2125551008',
    membership: null,
    points: 0,
    birthday: '2000-02-29',
  },
  {
    firstName: 'Nicole',
    lastName: 'Jackson',
    phone: '2125551009',
    membership: 'Silver',
    points: 120,
    birthday: null,
  },
  {
    firstName: 'Olivia',
    lastName: 'White',
    phone: '2125551010',
    membership: null,
    points: 0,
    birthday: null,
  },
  {
    firstName: 'Hannah',
    lastName: 'Harris',
    phone: '2125551011',
    membership: 'VIP',
    points: 2040,
    birthday: '1990-07-07',
  },
  {
    firstName: 'Grace',
    lastName: 'Martin',
    phone: '2125551012',
    membership: null,
    points: 60,
    birthday: '1998-12-01',
  },
] as const;

/**
 * The salon's customer groups (the back office's Customer groups screen), each with the phones of the demo
 * customers in it; Students has none, so it can be deleted, while the others answer "in use".
 */
export const DEMO_CUSTOMER_GROUPS = [
  {
    name: 'Regulars',
    description: 'Come in every two or three weeks',
    phones: ['2125551001', '2125551002', '2125551005', '2125551007', '2125551009'],
  },
  {
    name: 'VIP',
    description: 'Book the longest services; offer a drink',
    phones: ['2125551003', '2125551011'],
  },
  { name: 'Students', description: 'Show a student card for the weekday price', phones: [] },
] as const;

/**
 * Gift card numbers are short codes, never 13-19 digit numbers: the card-data test greps the database for
 * Luhn-valid 13-19 digit strings, and a gift card must not look like a payment card.
 */
export const DEMO_GIFTCARDS = [
  { number: 'GC-1001', initialAmount: 5000, balance: 5000, customerPhone: '2125551001' },
  { number: 'GC-1002', initialAmount: 10000, balance: 10000, customerPhone: null },
  { number: 'GC-1003', initialAmount: 2500, balance: 2500, customerPhone: '2125551003' },
  { number: 'GC-1004', initialAmount: 10000, balance: 4250, customerPhone: '2125551007' },
  { number: 'GC-1005', initialAmount: 2000, balance: 0, customerPhone: null },
] as const;

export const DEMO_COUPONS = [
  {
    code: 'WELCOME10',
    name: '10% off your first visit',
    discountType: 0,
    discountValue: 10,
    minOrderAmount: 0,
    maxUses: 500,
  },
  {
    code: 'SAVE5',
    name: '$5 off $30 or more',
    discountType: 1,
    discountValue: 500,
    minOrderAmount: 3000,
    maxUses: null,
  },
  {
    code: 'SPRING15',
    name: '15% off spring special',
    discountType: 0,
    discountValue: 15,
    minOrderAmount: 2000,
    maxUses: 100,
  },
  {
    code: 'VIP20',
    name: '$20 off for VIP guests',
    discountType: 1,
    discountValue: 2000,
    minOrderAmount: 8000,
    maxUses: 1,
  },
] as const;
