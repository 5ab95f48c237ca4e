/**
 * The order model held on the client and recomputed by the server (docs/sales.md#the-order, docs/money.md).
 *
 * Every amount is an integer in minor units of the store currency (cents for USD): `Minor`.
 * Percent values are plain percentages (12.5 means 12.5 %) and are turned into exact scaled integers
 * before any arithmetic, so no float ever touches money (see docs/money.md).
 * Field names follow the spec (snake_case where the wire uses it), so an order serialises as the API expects.
 */
import type {
  DiscountType,
  ItemType,
  LineDiscountSource,
  OrderDiscountKind,
  PaymentType,
  SaleStatus,
} from './constants';

/** Integer minor units of the store currency. */
export type Minor = number;

export interface DiscountValue {
  type: DiscountType;
  /** Percent: a percentage (0-100, decimals allowed). Amount: minor units. */
  value: number;
}

/** A line discount (docs/sales.md#the-order: "optional discounts list (each with type and discount holding a value)"). */
export interface LineDiscount {
  type: LineDiscountSource;
  discount: DiscountValue;
}

export interface Employee {
  id: number;
  name: string;
  /** Default commission percent of this employee on services (docs/money.md, commission). */
  commission_rate?: number;
}

export interface OrderItem {
  item_id: number;
  item_type: ItemType;
  name: string;
  /** Comma-separated tax percentages, e.g. "5,9.5" (blank entries ignored). */
  taxes: string;
  /** Catalog price per unit. */
  unit_price: Minor;
  /** Overridden price per unit; null when the catalog price applies. */
  price: Minor | null;
  quantity: number;
  giftcard_number?: string | null;
  info?: Record<string, unknown> | null;
  discounts?: LineDiscount[];
  /** Tax-on-tax position rung under (store config_tax_on_tax when the line was added). */
  tax_on: number;
  /** Indian single-rate flag rung under (store config_indian_tax when the line was added). */
  indian_tax: '0' | '1';
  /** Unit supply cost (services) or purchase cost (products, kits); docs/money.md, cost. */
  cost?: Minor;
  /** Commission percent for this item; overrides the employee's rate (docs/money.md, commission). */
  commission_rate?: number;
}

export interface Tip {
  user_id: number;
  tip_amount: Minor;
}

/** A per-employee group of the order (docs/sales.md#the-order: "Order employee entry"). */
export interface OrderEmployee {
  employee: Employee;
  orderItems: OrderItem[];
  tips?: Tip;
  /** Sum of the group's line nets, filled by the totals (docs/sales.md#the-order names it). */
  service_amount?: Minor;
}

export interface OrderCustomer {
  id: number;
  name: string;
  telephone?: string;
  point_balance?: number;
  /** `expires_on`: its last day (null or absent = no end); see membership.ts for when it holds. */
  membership?: { id: number; name: string; discount?: DiscountValue; expires_on?: string | null } | null;
}

export interface BookingService {
  service_id: number;
  service_name: string;
  taxes: string;
  unit_price: Minor;
  /** The technician booked for this service (an appointment's line); absent: the booking's or turn's employee. */
  employee?: Employee | null;
}
export interface Booking {
  id: number;
  employee?: Employee | null;
  booking_appt_service: BookingService[];
}
export interface Turn {
  id: number;
  employee?: Employee | null;
  service?: { id: number; service_name: string; taxes: string; unit_price: Minor } | null;
}

/** An order-level discount; the manager's also records who approved it with a PIN. */
export interface OrderDiscountInfo extends DiscountValue {
  approved_by?: number | null;
}
export type OrderDiscounts = Partial<Record<OrderDiscountKind, OrderDiscountInfo>>;

export interface PaymentInfo {
  /** Gift card number, card last 4, check number, coupon or voucher code: what tells two payments of a type apart. */
  reference?: string;
  card_brand?: string;
  last4?: string;
  approval_code?: string;
  /** Processor or wallet reference (Momo, VnPay, VietQr). Never a card number, CVV or PIN block. */
  processor_reference?: string;
  /** When the payment was taken (ISO); offline card payments show their age. */
  taken_at?: string;
  offline?: boolean;
}

export interface Payment {
  payment_type: PaymentType;
  payment_amount: Minor;
  payment_info?: PaymentInfo;
}

/** Store settings that change the arithmetic (docs/settings.md store config, docs/money.md). */
export interface OrderSettings {
  /** ISO 4217 code of the store currency; decides the minor unit. */
  currency: string;
  /** 0: every rate on the net. N ≥ 1: rates from position N (1-based) compound. */
  config_tax_on_tax: number;
  /** '1': only the first rate applies. */
  config_indian_tax: '0' | '1';
  /** Percent the card processor keeps of credit payments (docs/money.md, card fee). */
  creditcard_fee_percent: number;
  /** When true the card fee is added to the customer's total (and to what the card is charged). */
  creditcard_fee_to_customer: boolean;
}

/** The order held on the client while a sale is built (docs/sales.md#the-order). */
export interface Order {
  /** Server id once created; null before. */
  id: number | null;
  /** Client-generated uuid, unique per tenant: the server's second guard against duplicates (docs/api.md#writes-and-idempotency). */
  uuid: string;
  ticket_no: number | null;
  daily_ticket_no: number | null;
  invoice_no: string | null;
  order_at: string | null;
  status: SaleStatus;
  customer: OrderCustomer | null;
  booking: Booking | null;
  turn: Turn | null;
  /** The order's main employee. */
  employee: Employee | null;
  orderEmployees: OrderEmployee[];
  discount: OrderDiscounts;
  payments: Payment[];
  settings: OrderSettings;
  activeCategory: number | null;
  /** -1 when none. */
  activeEmployeeIndex: number;
  /** -1 when none. */
  activeItemIndex: number;
}

/** Amounts of each discount source (the spec's Discount record, docs/sales.md#the-order). */
export interface DiscountAmounts {
  discount_item: Minor;
  discount_employee: Minor;
  discount_ticket: Minor;
  discount_membership: Minor;
  discount_manager: Minor;
  discount_other: Minor;
}

/** The spec's Order total (docs/sales.md#the-order), every field. */
export interface OrderTotal {
  total_cost: Minor;
  total_commission: Minor;
  total_deductible: Minor;
  creditcard_fee: Minor;
  taxes: Minor;
  discount_amount: Minor;
  tip_amount: Minor;
  sub_total: Minor;
  total_price: Minor;
  paid_customer_total: Minor;
  paid_customer_change_amount_total: Minor;
  /** True when the Indian single-rate tax rule was in force. */
  indian: boolean;
}

/** A parked ticket (docs/sales.md#waiting-tickets: "Waiting ticket: id plus order content"). */
export interface WaitingTicket {
  id: string;
  order: Order;
  /** ISO time it was parked. */
  saved_at: string;
}
