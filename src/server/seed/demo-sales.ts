/**
 * A week of the demo salon's completed sales, so the order report, the customer's page (visits, spend, last
 * technicians), points and the reports have something to show on a fresh `npm start` (README "Demo logins").
 * Only the plan is here (who, what, when, how paid); demo.ts rings each one up through the real sale service, so
 * numbers, totals, lines, payments, points and audit rows are the product's own.
 *
 * Deterministic: every choice comes from the day and the sale's place in it (`spread`), never Math.random, so
 * every install sees the same week. The days are the 7 store days BEFORE the seed's day: today stays empty, so
 * the screens that open on today's sales start as they did before, and today's first ticket is still #1 of
 * the day (the daily counter is per business date, src/server/db/schema/counters.ts).
 *
 * Left out on purpose: coupons, gift cards and points as tenders, and gift cards sold: they would move the
 * balances and use counts docs/back-office.md and the e2e specs describe.
 */

/** How many store days before the seed's day have sales. */
export const DEMO_SALE_DAYS = 7;

/** Sarah Johnson (demo-customers.ts): the regular whose page shows several visits by several technicians. */
export const DEMO_REGULAR_PHONE = '2125551001';

export type DemoPayment = 'cash' | 'card' | 'card+cash';

export interface DemoSaleLine {
  /** A DEMO_SERVICES name, or a DEMO_PRODUCTS sku for a product. */
  service?: string;
  sku?: string;
  quantity?: number;
}

export interface DemoSaleGroup {
  /** A technician's username (DEMO_USERS with isTechnician). */
  technician: string;
  lines: readonly DemoSaleLine[];
  /** Minor units. */
  tip?: number;
}

export interface DemoSale {
  /** 1 = yesterday … DEMO_SALE_DAYS, in the store's days. */
  daysAgo: number;
  /** Store-local time of day, 'HH:MM', within opening hours. */
  at: string;
  /** A demo customer's phone; null for a walk-in. */
  customerPhone: string | null;
  groups: readonly DemoSaleGroup[];
  payment: DemoPayment;
}

const TECHNICIANS = ['anna', 'bella', 'chloe', 'daisy', 'emma'] as const;

/** What a visit buys, most of it services; a few take home a product. */
const VISITS: readonly (readonly DemoSaleLine[])[] = [
  [{ service: 'Gel Manicure' }],
  [{ service: 'Classic Manicure' }, { service: 'Paraffin Wax Treatment' }],
  [{ service: 'Classic Pedicure' }],
  [{ service: 'Gel Pedicure' }, { service: 'Callus Removal' }],
  [{ service: 'Deluxe Spa Pedicure' }],
  [{ service: 'Acrylic Fill' }],
  [{ service: 'Dip Powder Full Set' }, { service: 'Nail Art (per nail)', quantity: 4 }],
  [{ service: 'Eyebrow Wax' }, { service: 'Lip Wax' }],
  [{ service: 'French Manicure' }, { sku: 'CARE-001' }],
  [{ service: 'Acrylic Full Set' }, { service: 'Chrome Powder' }],
  [{ service: 'Hot Stone Pedicure' }, { sku: 'SKIN-002' }],
  [{ service: 'Express Facial' }],
  [{ service: 'Spa Manicure' }, { service: 'Collagen Mask' }],
  [{ service: 'Gel-X Extensions' }],
  [{ service: 'Kids Manicure' }, { service: 'Kids Pedicure' }],
  [{ service: 'Classic Manicure' }, { sku: 'POL-002' }],
];

/** The customers who come back (Sarah Johnson's visits are planned apart, so her count is exact). */
const CUSTOMERS = [
  '2125551002',
  '2125551003',
  '2125551004',
  '2125551005',
  '2125551006',
  '2125551007',
  '2125551008',
  '2125551009',
  '2125551010',
  '2125551011',
  '2125551012',
] as const;

const TIPS = [300, 500, 700, 1000] as const;

/** Opening hours, in minutes after midnight, store time: 9:30 to 19:00 (the last ticket at 18:30). */
const OPENS = 9 * 60 + 30;
const LAST_TICKET = 18 * 60 + 30;

/**
 * Sarah Johnson's three visits: a manicure with Anna, a pedicure with Bella, then both at once with Anna and
 * Chloe; each replaces the day's sale at `slot`.
 */
const REGULAR_VISITS: readonly (Omit<DemoSale, 'at' | 'customerPhone'> & { slot: number })[] = [
  {
    daysAgo: 6,
    slot: 1,
    groups: [{ technician: 'anna', lines: [{ service: 'Gel Manicure' }], tip: 700 }],
    payment: 'card',
  },
  {
    daysAgo: 4,
    slot: 2,
    groups: [{ technician: 'bella', lines: [{ service: 'Deluxe Spa Pedicure' }, { sku: 'SKIN-002' }] }],
    payment: 'cash',
  },
  {
    daysAgo: 1,
    slot: 0,
    groups: [
      {
        technician: 'anna',
        lines: [{ service: 'Gel Manicure' }, { service: 'Nail Art (per nail)', quantity: 2 }],
      },
      { technician: 'chloe', lines: [{ service: 'Gel Pedicure' }], tip: 500 },
    ],
    payment: 'card+cash',
  },
];

/**
 * A well-mixed whole number from a day, a sale's place in it and what is being chosen (a 32-bit integer hash):
 * the week looks varied, and is the same on every install.
 */
export function spread(day: number, slot: number, salt: number): number {
  let x = Math.imul(day + 1, 0x9e3779b1) ^ Math.imul(slot + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

function pick<T>(list: readonly T[], day: number, slot: number, salt: number): T {
  return list[spread(day, slot, salt) % list.length]!;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 4 to 8 sales a day: 7, 5, 8, 6, 4, 7, 5 from yesterday back (42 in the week). */
function salesOn(daysAgo: number): number {
  return 4 + ((daysAgo * 3) % 5);
}

/** The week, oldest first (so ticket and invoice numbers follow the clock). */
export function demoSaleWeek(): DemoSale[] {
  const week: DemoSale[] = [];
  for (let daysAgo = DEMO_SALE_DAYS; daysAgo >= 1; daysAgo--) {
    const count = salesOn(daysAgo);
    // Spaced over the opening hours, each nudged by up to 20 minutes, on 5-minute marks.
    const gap = Math.floor((LAST_TICKET - OPENS) / count);
    for (let slot = 0; slot < count; slot++) {
      const nudge = (spread(daysAgo, slot, 1) % 5) * 5;
      const at = clock(OPENS + slot * gap + nudge);
      const regular = REGULAR_VISITS.find((v) => v.daysAgo === daysAgo && v.slot === slot);
      if (regular) {
        const { slot: _slot, ...visit } = regular;
        week.push({ ...visit, at, customerPhone: DEMO_REGULAR_PHONE });
        continue;
      }
      const technician = pick(TECHNICIANS, daysAgo, slot, 2);
      const tip = spread(daysAgo, slot, 3) % 3 === 0 ? pick(TIPS, daysAgo, slot, 4) : 0;
      const groups: DemoSaleGroup[] = [
        { technician, lines: pick(VISITS, daysAgo, slot, 5), ...(tip > 0 ? { tip } : {}) },
      ];
      // About one sale in six is a manicure and a pedicure by two technicians at once.
      if (spread(daysAgo, slot, 6) % 6 === 0) {
        const second = TECHNICIANS[(TECHNICIANS.indexOf(technician) + 1) % TECHNICIANS.length]!;
        const pedicure = groups[0]!.lines.some((l) => l.service?.includes('Pedicure'));
        groups.push({
          technician: second,
          lines: [{ service: pedicure ? 'Classic Manicure' : 'Classic Pedicure' }],
        });
      }
      // About one in three is a walk-in nobody took the name of.
      const walkIn = spread(daysAgo, slot, 7) % 3 === 0;
      const payment: DemoPayment = spread(daysAgo, slot, 8) % 2 === 0 ? 'cash' : 'card';
      week.push({
        daysAgo,
        at,
        customerPhone: walkIn ? null : pick(CUSTOMERS, daysAgo, slot, 9),
        groups,
        payment,
      });
    }
  }
  return week;
}

const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;

/**
 * What a card payment keeps of the card (docs/security.md: never its number): brand, last 4 digits, the
 * terminal's approval code; the `nth` sale of the week chooses them.
 */
export function demoCard(nth: number): { card_brand: string; last4: string; approval_code: string } {
  return {
    card_brand: pick(CARD_BRANDS, nth, 0, 10),
    last4: String(spread(nth, 0, 11) % 10_000).padStart(4, '0'),
    approval_code: (spread(nth, 0, 12) % 0x1000000).toString(16).toUpperCase().padStart(6, '0'),
  };
}

/** Cash is handed over in whole $5 notes and the till gives the change (docs/money.md step 9). */
export function cashTendered(amountDue: number): number {
  return Math.ceil(amountDue / 500) * 500;
}
