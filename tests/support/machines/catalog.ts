/** A small catalog and staff, shaped as the server answers them (src/contracts/catalog.ts, employees.ts). */
import type { ServiceProductSetting } from '../../../src/contracts/catalog';
import type { CheckedInEmployee, EmployeeView } from '../../../src/contracts/employees';
import { ITEM_TYPE } from '../../../src/domain/constants';
import type { CatalogLoadOutput } from '../../../machines/catalog-browser/catalog-browser.types';

export const settings: ServiceProductSetting['settings'] = {
  store_id: 1,
  store_name: 'Demo Nail Spa',
  default_home: 'dashboard',
  language: 'en',
  currency: 'USD',
  timezone: 'America/New_York',
  config_tax_on_tax: 2,
  config_indian_tax: '0',
  creditcard_fee_percent: 0,
  creditcard_fee_to_customer: false,
  offline_card_limit_per_ticket: 0,
  offline_card_limit_total: 0,
};

export const catalog: ServiceProductSetting = {
  settings,
  success: true,
  categories: [
    {
      id: 10,
      name: 'Manicure',
      type: 'service',
      display_order: 1,
      services: [
        {
          item_id: 101,
          item_type: ITEM_TYPE.SERVICE,
          name: 'Gel Manicure',
          taxes: '8.875',
          unit_price: 3500,
          cost: 200,
          display_order: 1,
          category_id: 10,
          duration_minutes: 45,
        },
        {
          item_id: 102,
          item_type: ITEM_TYPE.SERVICE,
          name: 'Classic Manicure',
          taxes: '8.875',
          unit_price: 2000,
          cost: 0,
          commission_rate: 40,
          display_order: 2,
          category_id: 10,
          duration_minutes: 30,
        },
      ],
    },
    {
      id: 20,
      name: 'Retail',
      type: 'product',
      display_order: 2,
      products: [
        {
          item_id: 201,
          item_type: ITEM_TYPE.PRODUCT,
          name: 'Cuticle Oil',
          taxes: '5,9.5',
          unit_price: 1200,
          cost: 400,
          display_order: 1,
          category_id: 20,
          sku: 'OIL-15',
          stock_quantity: 12,
        },
        {
          item_id: 202,
          item_type: ITEM_TYPE.PRODUCT,
          name: 'Móng Đẹp Polish',
          taxes: '5,9.5',
          unit_price: 900,
          cost: 300,
          display_order: 2,
          category_id: 20,
          sku: null,
          stock_quantity: 3,
        },
      ],
    },
  ],
  kits: [
    {
      item_id: 301,
      item_type: ITEM_TYPE.PRODUCT_KIT,
      name: 'Home Care Kit',
      taxes: '5,9.5',
      unit_price: 2500,
      cost: 900,
      display_order: 1,
      sku: 'KIT-1',
      items: [{ product_id: 201, name: 'Cuticle Oil', quantity: 1 }],
    },
  ],
};

function employee(id: number, name: string, extra: Partial<EmployeeView> = {}): EmployeeView {
  const [first_name = name, last_name = ''] = name.split(' ');
  return {
    id,
    name,
    first_name,
    last_name,
    role: 'staff',
    is_technician: true,
    commission_rate: 50,
    display_order: id,
    avatar_path: null,
    enable_booking: true,
    enable_walkin: true,
    checked_in: false,
    check_in_at: null,
    on_break: false,
    ...extra,
  };
}

const checkInAt = '2026-11-22T14:00:00.000Z';

export const employees: EmployeeView[] = [
  employee(5, 'Anna Nguyen', { checked_in: true, check_in_at: checkInAt }),
  employee(6, 'Bella Pham', { checked_in: true, check_in_at: checkInAt }),
  employee(8, 'Daisy Vo'),
  employee(4, 'Jenny Kim', { is_technician: false }),
];

export const checkedIn: CheckedInEmployee[] = [
  // Bella checked in before Anna: the checked-in list's order wins.
  {
    ...employee(6, 'Bella Pham'),
    checked_in: true,
    check_in_at: checkInAt,
    working_time_id: 2,
    date_work: '2026-11-22',
  },
  {
    ...employee(5, 'Anna Nguyen'),
    checked_in: true,
    check_in_at: checkInAt,
    working_time_id: 1,
    date_work: '2026-11-22',
  },
];

export const loadOutput: CatalogLoadOutput = { catalog, employees, checkedIn };
