/**
 * Auth requests and responses (docs/security.md#sessions login session, docs/api.md#endpoints auth calls; ADR
 * 006), shared by the client and the server. Paths (under /api): POST login, login-token, logout,
 * role-by-code, profile, change-pass; GET initial-settings, initial-settings/general,
 * initial-settings/store/:store_id, store-settings/initial-profile.
 *
 * Tenant choice at login: usernames are unique per tenant (a salon), so the login names the tenant by its
 * code (`tenant`, the upper-case code also at the front of workstation codes,
 * docs/api.md#defaults-and-formats). It may be left out while the server holds a single tenant (the usual
 * one-salon install), so a till needs no extra field.
 */
import { z } from 'zod';
import { HOME_CHOICES, LANGUAGES, MODULE_IDS, ROLE } from '../domain/constants';
import type { ModuleId } from '../domain/constants';

/** Ours are 4 to 8 digits, unique per tenant. */
export const PIN_PATTERN = /^\d{4,8}$/;
export const PIN_MESSAGE = 'The PIN must be 4 to 8 digits.';
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work one request can ask of the password hash. */
export const PASSWORD_MAX_LENGTH = 256;
/** The header that carries a PIN approval from /role-by-code to a route that needs one. */
export const PIN_APPROVAL_HEADER = 'x-pin-approval';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const roleSchema = z.enum([ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF]);
const moduleIdSchema = z.literal(MODULE_IDS as [ModuleId, ...ModuleId[]]);

export const tenantCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter your salon code.')
  .max(32)
  .transform((code) => code.toUpperCase());

// ---- requests ----------------------------------------------------------------------------------------

export const loginBody = z.strictObject({
  /** Tenant code; optional while the server holds one tenant. */
  tenant: tenantCodeSchema.optional(),
  username: z.string().trim().min(1, 'Enter your username.').max(100),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  /** The store to work in; default the user's home store, else the tenant's first store. */
  store_id: id.optional(),
  /** The till, a workstation of that store. */
  workstation_id: id.optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginTokenBody = z.strictObject({ token: z.string().min(1).max(200) });

export const roleByCodeBody = z.strictObject({ code: z.string().regex(PIN_PATTERN, PIN_MESSAGE) });

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST /api/profile, multipart (docs/api.md#endpoints) or JSON. Fields left out stay as they are; an empty
 * email or phone clears it. `avatar` is an image file (PNG, JPEG, GIF or WebP, up to the upload limit).
 */
export const profileBody = z.strictObject({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]).optional(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9+\-\s().]*$/, 'Enter a valid phone number.')
    .optional(),
  avatar: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The avatar must be an image file.')
    // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
    .meta({ type: 'string', format: 'binary' })
    .optional(),
});
export type ProfileBody = z.output<typeof profileBody>;

export const changePasswordBody = z
  .strictObject({
    current_password: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    new_password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => b.new_password !== b.current_password, {
    path: ['new_password'],
    message: 'The new password must differ from the current one.',
  });

export const storeIdParams = z.strictObject({ store_id: z.coerce.number().int().positive() });

// ---- responses ---------------------------------------------------------------------------------------

export const modulePermissionSchema = z.object({
  module: moduleIdSchema,
  is_readable: z.boolean(),
  is_writable: z.boolean(),
  enable: z.boolean(),
  can_set_readable: z.boolean(),
  can_set_writable: z.boolean(),
  can_set_enable: z.boolean(),
});

export const permissionsSchema = z.object({
  modules: z.array(modulePermissionSchema),
  /** The tenant's plan limit of employees (docs/roles.md#modules-and-flags). */
  maximumEmployees: z.number().int().min(0),
});

/**
 * The store settings a client may see (never payment provider keys). `currency` and `timezone` come from
 * the store row: the client formats money and business days with them.
 */
export const storeSettingsSchema = z.object({
  store_id: id,
  store_name: z.string(),
  default_home: z.enum(HOME_CHOICES),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  timezone: z.string(),
  config_tax_on_tax: z.number().int().min(0),
  config_indian_tax: z.enum(['0', '1']),
  creditcard_fee_percent: z.number().min(0).max(100),
  creditcard_fee_to_customer: z.boolean(),
  offline_card_limit_per_ticket: z.number().int().min(0),
  offline_card_limit_total: z.number().int().min(0),
  /** Cash drawer (docs/cash-drawer.md#settings): over/short a cashier may close alone, minor units. */
  cash_drawer_tolerance: z.number().int().min(0).optional(),
  /** Cash may be taken only while the workstation's drawer is open. */
  cash_drawer_required: z.boolean().optional(),
});
export type StoreSettingsView = z.infer<typeof storeSettingsSchema>;

export const generalSettingsSchema = z.object({
  country_code: z.string(),
  enable_checkin_employee_daily: z.union([z.literal(0), z.literal(1)]),
  /** Screens that ask for a PIN before they open (tenant setting, in addition to the PIN-only reports). */
  enterPinCodeScreens: z.array(z.string()),
});
export type GeneralSettingsView = z.infer<typeof generalSettingsSchema>;

export const initialSettingsSchema = z.object({
  storeSettings: storeSettingsSchema,
  generalSettings: generalSettingsSchema,
});
export type InitialSettings = z.infer<typeof initialSettingsSchema>;

/** The logged-in person as the auth record keeps it (docs/security.md#sessions: user with login_store_id, login_workstation_id). */
export const authUserSchema = z.object({
  id,
  username: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Path under the media store (GET /api/media?path=...), or null. */
  avatar_path: z.string().nullable(),
  role: roleSchema,
  /** Home store; null for people who work across the tenant's stores. */
  store_id: id.nullable(),
  login_store_id: id,
  login_workstation_id: id.nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /api/login and /api/login-token. */
export const loginResponseSchema = z.object({
  token: z.string(),
  /** Absolute end of the session (ISO); it may end earlier after SESSION_IDLE of inactivity or a logout. */
  expires_at: z.iso.datetime(),
  user: authUserSchema,
  permissions: permissionsSchema,
  store_id: id,
  workstation_id: id.nullable(),
  initial_settings: initialSettingsSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/role-by-code: the PIN's owner and an approval for routes that need a PIN (ADR 006). */
export const roleByCodeResponseSchema = z.object({
  role: roleSchema,
  name: z.string(),
  user_id: id,
  /** Send as X-Pin-Approval; valid 5 minutes, for this session only. */
  approval: z.string(),
  approval_expires_at: z.iso.datetime(),
});

export const workstationSchema = z.object({ id, store_id: id, code: z.string(), name: z.string() });

/** GET /api/store-settings/initial-profile (docs/security.md#sessions login-profile data). */
export const initialProfileSchema = z.object({
  workstations: z.array(workstationSchema),
  profile: authUserSchema,
  initial: initialSettingsSchema,
  enter_pincode_screens: z.array(z.string()),
});

export const changePasswordResponseSchema = z.object({ revoked_sessions: z.number().int().min(0) });
