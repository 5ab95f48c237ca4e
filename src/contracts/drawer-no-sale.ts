/**
 * "No sale": opening the cash drawer without a sale (docs/printing.md "The cash drawer"). The drawer holds the
 * takings, so an open that no sale explains needs a manager's PIN (the X-Pin-Approval header of POST
 * /api/role-by-code, ADR 006, as refunds and voids do) and a reason, and the server writes an audit row naming
 * the cashier, the approver, the till and the reason before the till fires the drawer.
 *
 * `uuid` is made by the till when the cashier asks (crypto.randomUUID): with the Idempotency-Key it makes a
 * retried or replayed request one audit row, never two opens on the record for one open of the drawer.
 */
import { z } from 'zod';

export const DRAWER_NO_SALE_PATH = '/api/pos/drawer/no-sale';

/** The longest reason kept: a sentence, not a note. */
export const NO_SALE_REASON_MAX = 200;
export const NO_SALE_REASON_MESSAGE = 'Enter the reason for opening the drawer.';

export const drawerNoSaleBody = z.object({
  uuid: z.uuid(),
  reason: z.string().trim().min(1, NO_SALE_REASON_MESSAGE).max(NO_SALE_REASON_MAX),
});
export type DrawerNoSaleBody = z.infer<typeof drawerNoSaleBody>;

export const drawerNoSaleSchema = z.object({
  uuid: z.string(),
  reason: z.string(),
  store_id: z.number().int().nullable(),
  workstation_id: z.number().int().nullable(),
  /** The cashier who asked. */
  user_id: z.number().int(),
  /** The manager, admin or owner whose PIN approved it. */
  approved_by: z.number().int(),
  /** UTC ISO: when the server recorded the open. */
  opened_at: z.string(),
});
export type DrawerNoSale = z.infer<typeof drawerNoSaleSchema>;
