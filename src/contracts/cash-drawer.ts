/**
 * Cash drawer (docs/cash-drawer.md): one session per workstation, opened with a counted float, cash moved by
 * hand with a reason, closed with a blind count. Shared by client and server.
 */
import { z } from 'zod';
import { DENOMINATION_IDS, MAX_PIECES, MOVEMENT_KINDS } from '../domain/cash-drawer';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const minor = z.number().int();
const isoDateTime = z.iso.datetime({ offset: true });

/** How many of each denomination: only known denominations, whole counts from 0 to MAX_PIECES. */
export const denominationCountSchema = z.partialRecord(
  z.enum(DENOMINATION_IDS as [string, ...string[]], { error: 'Unknown denomination.' }),
  z
    .number({ error: 'Enter a whole number of pieces.' })
    .int('Enter a whole number of pieces.')
    .min(0, 'Enter a whole number of pieces.')
    .max(MAX_PIECES, `At most ${MAX_PIECES} pieces.`),
);

// ---- requests ------------------------------------------------------------------------------------------

/** POST /api/pos/cash-drawer/open: the float as counted. */
export const openDrawerBody = z.strictObject({ count: denominationCountSchema });
export type OpenDrawerBody = z.output<typeof openDrawerBody>;

/** POST /api/pos/cash-drawer/movements: cash moved by hand, always with a reason. */
export const drawerMovementBody = z.strictObject({
  kind: z.enum(MOVEMENT_KINDS, { error: 'Choose pay in, pay out, drop or tip out.' }),
  amount: z
    .number({ error: 'Enter an amount greater than 0.' })
    .int('Enter an amount greater than 0.')
    .positive('Enter an amount greater than 0.')
    .max(1_000_000_000, 'The amount is too large.'),
  reason: z
    .string({ error: 'Say why the cash moved.' })
    .trim()
    .min(1, 'Say why the cash moved.')
    .max(200, 'Keep the reason under 200 characters.'),
});
export type DrawerMovementBody = z.output<typeof drawerMovementBody>;

/** POST /api/pos/cash-drawer/close: the blind count. A manager's X-Pin-Approval is needed past tolerance. */
export const closeDrawerBody = z.strictObject({ count: denominationCountSchema });
export type CloseDrawerBody = z.output<typeof closeDrawerBody>;

export const drawerSessionParams = z.strictObject({ id: z.coerce.number().int().positive() });

// ---- answers -------------------------------------------------------------------------------------------

export const drawerMovementSchema = z.object({
  id,
  kind: z.enum(MOVEMENT_KINDS),
  amount: minor,
  reason: z.string(),
  created_by: id,
  created_by_name: z.string(),
  created_at: isoDateTime,
});
export type DrawerMovement = z.infer<typeof drawerMovementSchema>;

/** Every part of the expected cash, so the Z report's lines add up to its total (domain expectedCash). */
export const expectedCashSchema = z.object({
  opening_float: minor,
  cash_taken: minor,
  change_given: minor,
  net_cash_sales: minor,
  pay_ins: minor,
  pay_outs: minor,
  drops: minor,
  tip_outs: minor,
  cash_refunds: minor,
  expected: minor,
});
export type ExpectedCashView = z.infer<typeof expectedCashSchema>;

export const drawerSessionSchema = z.object({
  id,
  /** Null: the store's till for sessions without a workstation. */
  workstation_id: id.nullable(),
  workstation_name: z.string(),
  status: z.enum(['open', 'closed']),
  opened_at: isoDateTime,
  opened_by_name: z.string(),
  opening_count: z.record(z.string(), z.number()),
  /** What the previous close counted: the float the opener was expected to find (null: first session). */
  expected_opening: minor.nullable(),
  closed_at: isoDateTime.nullable(),
  closed_by_name: z.string().nullable(),
  closing_count: z.record(z.string(), z.number()).nullable(),
  counted: minor.nullable(),
  over_short: minor.nullable(),
  approved_by_name: z.string().nullable(),
  expected: expectedCashSchema,
  movements: z.array(drawerMovementSchema),
});
export type DrawerSession = z.infer<typeof drawerSessionSchema>;

/**
 * GET /api/pos/cash-drawer: the workstation's open session (null when closed), what the next opening should
 * find (the last close's count), the store's tolerance and whether cash needs an open drawer.
 */
export const drawerStateSchema = z.object({
  session: drawerSessionSchema.nullable(),
  expected_opening: minor.nullable(),
  tolerance: minor,
  required: z.boolean(),
});
export type DrawerState = z.infer<typeof drawerStateSchema>;

/** 403 drawer_manager_required details: what the count came to, so the screen can show it after the count. */
export const drawerManagerRequiredDetails = z.object({ over_short: minor, tolerance: minor });
