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
    // Over or short by up to $5.00 closes the drawer without a manager (docs/cash-drawer.md#settings).
    cash_drawer_tolerance: 500,
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
