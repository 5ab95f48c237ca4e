/**
 * Members (docs/api.md#endpoints "Users: /users, /users/total, /users/{id}, /users/{id}/change-pass,
 * /users/bulk, /users/import"): the salon's people as the back office manages them
 * (docs/back-office-members.md). A back-office resource (docs/back-office.md); the list, import, export and
 * bulk shapes are src/contracts/resource.ts. The sale screen's view of the same people is
 * src/contracts/employees.ts.
 *
 * Create and update are multipart (JSON works too): fields arrive as strings, `avatar` as a file. Passwords
 * and PINs are write-only: the row says whether one is set, never what it is, and neither is exported.
 */
import { z } from 'zod';
import { nameField, resourceRowSchema } from './resource';
import { ROLE } from '../domain/constants';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { queryBoolean } from './customers';

export const USER_ROLES = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF] as const;

/** A PIN the back office sets: 4 to 6 digits (the PIN pad's length). */
export const MEMBER_PIN_PATTERN = /^\d{4,6}$/;
export const MEMBER_PIN_MESSAGE = 'The PIN is 4 to 6 digits.';
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

export const userSchema = resourceRowSchema({
  name: z.string(),
  username: z.string(),
  role: z.enum(USER_ROLES),
  /** The store this person works in; null = every store of the salon. */
  store_id: z.number().int().nullable(),
  /** Default service commission in percent (docs/money.md §11). */
  commission_rate: z.number(),
  is_technician: z.boolean(),
  has_password: z.boolean(),
  has_pin: z.boolean(),
  /** Relative media path of the picture (GET /api/media?path=...), or null. */
  avatar_path: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Blank (a form's or a CSV's empty cell) is "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const userFields = {
  name: nameField(100),
  username: z
    .string({ error: 'Enter the username.' })
    .trim()
    .min(1, 'Enter the username.')
    .max(50, 'The username is at most 50 characters.')
    .regex(USERNAME_PATTERN, 'Use letters, digits and . _ - @ only.'),
  role: z.enum(USER_ROLES, { error: 'Choose a role.' }),
  password: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`)
      .optional(),
  ),
  pin: z.preprocess(blankToUndefined, z.string().regex(MEMBER_PIN_PATTERN, MEMBER_PIN_MESSAGE).optional()),
  /** Blank = every store. */
  store_id: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ error: 'Choose a store.' })
      .int('Choose a store.')
      .positive('Choose a store.')
      .nullable(),
  ),
  commission_rate: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'The commission is a percent from 0 to 100.' })
      .min(0, 'The commission is a percent from 0 to 100.')
      .max(100, 'The commission is a percent from 0 to 100.')
      .optional(),
  ),
  is_technician: queryBoolean.optional(),
  is_active: queryBoolean.optional(),
  avatar: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The avatar must be an image file.')
    // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
    .meta({ type: 'string', format: 'binary' })
    .optional(),
};

export const createUserBody = z.strictObject({ ...userFields, store_id: userFields.store_id.optional() });
export type CreateUserBody = z.output<typeof createUserBody>;
export const updateUserBody = z.strictObject(userFields).partial();
export type UpdateUserBody = z.output<typeof updateUserBody>;

/** CSV columns of import, in file order: a password or PIN in the file is stored hashed. */
export const USER_CSV_COLUMNS = [
  'name',
  'username',
  'role',
  'password',
  'pin',
  'store_id',
  'commission_rate',
  'is_technician',
  'is_active',
] as const;
/** What an export writes: the import columns without the secrets. */
export const USER_EXPORT_COLUMNS = USER_CSV_COLUMNS.filter((c) => c !== 'password' && c !== 'pin');

/** POST /api/users/{id}/change-pass: an owner or admin sets someone's new password. */
export const setUserPasswordBody = z.strictObject({
  new_password: z
    .string({ error: 'Enter the new password.' })
    .min(PASSWORD_MIN_LENGTH, `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export const setUserPasswordResponse = z.object({ revoked_sessions: z.number().int().min(0) });

/** GET /api/users/total: how many people the salon has, and how many active ones its plan allows. */
export const usersTotalSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  maximum_employees: z.number().int(),
});
export type UsersTotal = z.infer<typeof usersTotalSchema>;
