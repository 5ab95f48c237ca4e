/**
 * The demo salon's customers and what they hold (docs/back-office.md): memberships, the customers with their
 * points, customer groups, gift cards and coupons. Apart from demo-data.ts (the salon and its staff) and
 * demo-catalog.ts because the customer side of the back office grows on its own.
 */
/**
 * discount_type 0 = Percent, 1 = Amount (minor units). Points: points_per_unit per points_unit_amount spent.
 * Price in minor units; duration in months (null = no end): a free loyalty level, two paid ones of a year
 * (docs/back-office.md, "Memberships"). Each demo customer with one joined on the seed's day.
 */
export const DEMO_MEMBERSHIPS = [
  {
    name: 'Silver',
    discountType: 0,
    discountValue: 5,
    pointsPerUnit: 1,
    pointsUnitAmount: 100,
    price: 0,
    durationMonths: null,
    benefits: 'Points on every visit; 5 % off every sale.',
  },
  {
    name: 'Gold',
    discountType: 0,
    discountValue: 10,
    pointsPerUnit: 2,
    pointsUnitAmount: 100,
    price: 4900,
    durationMonths: 12,
    benefits: 'Double points; 10 % off every sale; a free paraffin treatment each month.',
  },
  {
    name: 'VIP',
    discountType: 1,
    discountValue: 1000,
    pointsPerUnit: 3,
    pointsUnitAmount: 100,
    price: 9900,
    durationMonths: 12,
    benefits: 'Triple points; 10.00 off every sale; priority booking and free nail art.',
  },
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
export const DEMO_GIFTCARDS: readonly DemoGiftcard[] = [
  { number: 'GC-1001', initialAmount: 5000, balance: 5000, customerPhone: '2125551001' },
  { number: 'GC-1002', initialAmount: 10000, balance: 10000, customerPhone: null },
  { number: 'GC-1003', initialAmount: 2500, balance: 2500, customerPhone: '2125551003' },
  { number: 'GC-1004', initialAmount: 10000, balance: 4250, customerPhone: '2125551007' },
  { number: 'GC-1005', initialAmount: 2000, balance: 0, customerPhone: null },
  // The back office's history shows a reload and a card switched off (docs/back-office.md "Gift cards").
  {
    number: 'GC-1006',
    initialAmount: 5000,
    reload: 2500,
    balance: 7500,
    customerPhone: '2125551002',
    notes: 'Topped up for a birthday',
  },
  {
    number: 'GC-1007',
    initialAmount: 3000,
    balance: 3000,
    customerPhone: null,
    isActive: false,
    notes: 'Reported lost; switched off until found',
  },
];

/**
 * A demo gift card: issued with `initialAmount`, reloaded with `reload`, spent down to `balance` before the
 * demo starts, switched off when `isActive` is false; each step is a history row, so the rows add up.
 */
export interface DemoGiftcard {
  number: string;
  initialAmount: number;
  reload?: number;
  balance: number;
  customerPhone: string | null;
  isActive?: boolean;
  notes?: string;
}

/**
 * Coupons with different rules (docs/back-office.md, "Coupons"): once per customer, a minimum spend, pedicures
 * only, a single use, and one whose last day has passed, so the screen and the till show each refusal.
 * `services` name demo services; days are 'YYYY-MM-DD', inclusive.
 */
export const DEMO_COUPONS: readonly {
  code: string;
  name: string;
  discountType: 0 | 1;
  discountValue: number;
  minOrderAmount: number;
  maxUses: number | null;
  maxUsesPerCustomer?: number;
  services?: readonly string[];
  startsOn?: string;
  endsOn?: string;
}[] = [
  {
    code: 'WELCOME10',
    name: '10% off your first visit',
    discountType: 0,
    discountValue: 10,
    minOrderAmount: 0,
    maxUses: 500,
    maxUsesPerCustomer: 1,
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
    name: '15% off pedicures',
    discountType: 0,
    discountValue: 15,
    minOrderAmount: 2000,
    maxUses: 100,
    services: ['Classic Pedicure', 'Gel Pedicure', 'Deluxe Spa Pedicure', 'Hot Stone Pedicure'],
  },
  {
    code: 'VIP20',
    name: '$20 off for VIP guests',
    discountType: 1,
    discountValue: 2000,
    minOrderAmount: 8000,
    maxUses: 1,
  },
  {
    code: 'SUMMER25',
    name: '25% off, summer 2026 (ended)',
    discountType: 0,
    discountValue: 25,
    minOrderAmount: 0,
    maxUses: null,
    startsOn: '2026-06-01',
    endsOn: '2026-08-31',
  },
];
