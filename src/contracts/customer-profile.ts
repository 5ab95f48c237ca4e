/**
 * A customer's page (docs/back-office.md "The customer's page"): who they are and what they hold (the till's
 * customer detail: points, membership, gift cards), plus their visits, what they spent, the services they had last
 * and the technicians who did them. Points history and reviews are paged reads of their own
 * (/customers/historyPoint, /customers/reviews).
 */
import { z } from 'zod';
import { customerDetailSchema } from './customers';

const id = z.number().int().positive();
const isoDateTime = z.iso.datetime({ offset: true });

export const customerVisitsSchema = z.object({
  /** Sales that stand (Sale, or Refund: the visit happened) naming the customer. */
  count: z.number().int().min(0),
  /** Σ total_price − refunded_amount of those sales, minor units. */
  spend: z.number().int().min(0),
  first_at: isoDateTime.nullable(),
  last_at: isoDateTime.nullable(),
});
export type CustomerVisits = z.infer<typeof customerVisitsSchema>;

/** A service line of one of their sales, newest first. */
export const customerServiceSchema = z.object({
  sale_id: id,
  invoice_no: z.string(),
  order_at: isoDateTime,
  name: z.string(),
  quantity: z.number().int().positive(),
  employee_id: id,
  employee_name: z.string(),
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

/** A technician who served them: on how many of their visits, and when last. */
export const customerTechnicianSchema = z.object({
  employee_id: id,
  name: z.string(),
  visits: z.number().int().positive(),
  last_at: isoDateTime,
});
export type CustomerTechnician = z.infer<typeof customerTechnicianSchema>;

export const customerProfileSchema = z.object({
  customer: customerDetailSchema,
  group: z.object({ id, name: z.string() }).nullable(),
  /** Whether the membership's discount applies today (its level active, its last day not passed). */
  membership_holds: z.boolean(),
  accepts_messages: z.boolean(),
  has_avatar: z.boolean(),
  visits: customerVisitsSchema,
  last_services: z.array(customerServiceSchema),
  technicians: z.array(customerTechnicianSchema),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** How many service lines and technicians a page shows: the latest, enough to greet a regular. */
export const PROFILE_LAST_SERVICES = 10;
export const PROFILE_TECHNICIANS = 5;
