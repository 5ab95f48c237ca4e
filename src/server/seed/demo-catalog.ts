/**
 * The demo store's catalog (docs/back-office-catalog.md): taxes, categories, services, products, kits, units,
 * suppliers and the stock movements behind the products' stock. Prices and costs are minor units (cents).
 * Apart from demo-data.ts (the salon and its staff) because the back office's catalog grows on its own.
 */
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
