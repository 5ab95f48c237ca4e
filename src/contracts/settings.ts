/**
 * Settings (docs/settings.md): the groups a settings code names, each with the schema that validates it on
 * the client (the settings screen) and on the server (POST /api/store-settings/{store_id}/{code},
 * /api/settings/{code}, update-many), the full settings document the screen edits, connect-payment-setting,
 * /codes and /support/ordering/{model}.
 *
 * Bodies arrive as JSON or as multipart fields (every value a string), so numbers and flags also accept
 * their text, and the tax list also arrives as one JSON text field.
 */
import { z } from 'zod';
import { HOME_CHOICES, LANGUAGES } from '../domain/constants';
import { isSupportedCurrency, PERCENT_MAX_DECIMALS } from '../domain/money';
import { initialSettingsSchema } from './auth';

/** The settings groups, in the order the screen shows them (docs/settings.md "Groups"). */
export const SETTINGS_GROUPS = ['general', 'profile', 'tax', 'payment', 'print', 'others', 'turns'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** Most named tax rates a store keeps, most characters of a receipt footer. */
export const MAX_TAXES = 20;
export const RECEIPT_FOOTER_MAX = 500;
/** An offline card limit in minor units: 10,000,000.00 of a two-decimal currency at most. */
export const OFFLINE_LIMIT_MAX = 1_000_000_000;

const fromText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
const fromFlagText = (value: unknown) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);
const requiredText = (max: number, message: string) => text(max, message).min(1, message);

const hasAtMostDecimals = (value: number, places: number) =>
  Number.isFinite(value) && Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

const percent = (message: string) =>
  z.preprocess(
    fromText,
    z
      .number({ error: message })
      .min(0, message)
      .max(100, message)
      .refine((v) => hasAtMostDecimals(v, PERCENT_MAX_DECIMALS), message),
  );

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(fromText, z.number({ error: message }).int(message).min(min, message).max(max, message));

const flag = (message: string) => z.preprocess(fromFlagText, z.boolean({ error: message }));

/** True for an IANA time zone this runtime knows (Node and every browser we support ship the database). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const SETTINGS_MESSAGES = {
  default_home: 'Choose a landing page.',
  language: 'Choose a language.',
  currency: 'Enter a currency code such as USD.',
  timezone: 'Enter a time zone such as America/New_York.',
  store_name: 'Enter the store name (at most 120 characters).',
  phone: 'Enter a phone number of at most 32 characters: digits, spaces, + - ( ).',
  email: 'Enter a valid email address.',
  address: 'The address is at most 300 characters.',
  config_tax_on_tax: 'Enter 0 (no tax on tax) or the position, from 1 to 20, of the first compounding rate.',
  config_indian_tax: "Choose '0' or '1'.",
  tax_name: 'Enter a tax name (at most 60 characters) used once in the list.',
  tax_rate: 'Enter a rate from 0 to 100 with at most 3 decimals.',
  tax_active: 'Use true or false.',
  taxes: `Enter at most ${MAX_TAXES} taxes.`,
  creditcard_fee_percent: 'Enter a percent from 0 to 100 with at most 3 decimals.',
  creditcard_fee_to_customer: 'Use true or false.',
  offline_card_limit: 'Enter an amount of 0 or more (0 allows no card payment offline).',
  offline_card_limit_per_ticket: 'The limit per ticket cannot be higher than the total limit.',
  cash_drawer_tolerance: 'Enter an amount of 0 or more (0: any over or short needs a manager).',
  cash_drawer_required: 'Use true or false.',
  receipt_line: 'A receipt header line is at most 120 characters.',
  receipt_footer: `The receipt footer is at most ${RECEIPT_FOOTER_MAX} characters.`,
  enable_checkin_employee_daily: 'Choose 0 or 1.',
  country_code: 'Enter a two-letter country code such as US.',
  full_turn_from: 'Enter an amount of 0 or more.',
  no_turn_below: 'Enter an amount of 0 or more.',
  count_requested: 'Choose yes or no.',
  count_appointments: 'Choose yes or no.',
  early_clock_in_bonus: 'Enter a whole number from 0 to 10.',
  opens_at: 'Enter the opening time as HH:MM, such as 09:30, or leave it empty.',
} as const;
const M = SETTINGS_MESSAGES;

// ---- the groups ------------------------------------------------------------------------------------------

/** 'general': where the app lands, its language, the store's currency and time zone. */
export const generalGroupSchema = z.strictObject({
  default_home: z.enum(HOME_CHOICES, { error: M.default_home }),
  language: z.enum(LANGUAGES, { error: M.language }),
  currency: z
    .string({ error: M.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, M.currency)
    .refine(isSupportedCurrency, M.currency),
  timezone: z
    .string({ error: M.timezone })
    .trim()
    .min(1, M.timezone)
    .max(64, M.timezone)
    .refine(isTimeZone, M.timezone),
});

/** 'profile': the store as people know it. */
export const profileGroupSchema = z.strictObject({
  store_name: requiredText(120, M.store_name),
  phone: text(32, M.phone).regex(/^[0-9+\-\s().]*$/, M.phone),
  email: z.union([z.literal(''), z.email(M.email).max(254, M.email)], { error: M.email }),
  address: text(300, M.address),
});

export const taxEntrySchema = z.strictObject({
  /** An existing row of the list; absent for a new one. */
  id: z.number().int().positive().optional(),
  name: requiredText(60, M.tax_name),
  rate: percent(M.tax_rate).refine((v) => hasAtMostDecimals(v, 3), M.tax_rate),
  is_active: flag(M.tax_active).default(true),
});
export type TaxEntry = z.output<typeof taxEntrySchema>;

const taxListText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * 'tax': the store's named tax list in order (the order is the position tax-on-tax counts), and the two
 * switches of the tax rule as docs/money.md words it.
 */
export const taxGroupSchema = z.strictObject({
  config_tax_on_tax: wholeNumber(0, MAX_TAXES, M.config_tax_on_tax),
  config_indian_tax: z.enum(['0', '1'], { error: M.config_indian_tax }),
  taxes: z
    .preprocess(taxListText, z.array(taxEntrySchema, { error: M.taxes }).max(MAX_TAXES, M.taxes))
    .superRefine((taxes, ctx) => {
      const seen = new Set<string>();
      taxes.forEach((tax, index) => {
        const key = tax.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: M.tax_name });
        seen.add(key);
      });
    }),
});

/** 'payment': the card fee, whether the customer pays it, and the offline card limits (minor units). */
export const paymentGroupSchema = z
  .strictObject({
    creditcard_fee_percent: percent(M.creditcard_fee_percent),
    creditcard_fee_to_customer: flag(M.creditcard_fee_to_customer),
    offline_card_limit_per_ticket: wholeNumber(0, OFFLINE_LIMIT_MAX, M.offline_card_limit),
    offline_card_limit_total: wholeNumber(0, OFFLINE_LIMIT_MAX, M.offline_card_limit),
    // The cash drawer (docs/cash-drawer.md#settings). Optional so a client that predates them still saves the
    // group; an absent field keeps its stored value.
    cash_drawer_tolerance: wholeNumber(0, OFFLINE_LIMIT_MAX, M.cash_drawer_tolerance).optional(),
    cash_drawer_required: flag(M.cash_drawer_required).optional(),
  })
  .superRefine((group, ctx) => {
    if (group.offline_card_limit_per_ticket > group.offline_card_limit_total) {
      ctx.addIssue({
        code: 'custom',
        path: ['offline_card_limit_per_ticket'],
        message: M.offline_card_limit_per_ticket,
      });
    }
  });

/** 'print': the receipt's header lines and its footer. */
export const printGroupSchema = z.strictObject({
  receipt_name: text(120, M.receipt_line),
  receipt_address: text(120, M.receipt_line),
  receipt_phone: text(120, M.receipt_line),
  receipt_footer: text(RECEIPT_FOOTER_MAX, M.receipt_footer),
});

/** 'others': the salon's (tenant's) general settings. */
export const othersGroupSchema = z.strictObject({
  enable_checkin_employee_daily: z.preprocess(
    fromText,
    z.union([z.literal(0), z.literal(1)], { error: M.enable_checkin_employee_daily }),
  ),
  country_code: z
    .string({ error: M.country_code })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, M.country_code),
});

/**
 * 'turns': the store's turn rules (docs/turns.md "Settings"): the price thresholds that value a service without a
 * turn value of its own (minor units), whether requested and appointment turns count, the bonus turns of an
 * early clock-in and the opening time ('HH:MM' store time, '' for none) it is measured against.
 */
export const turnsGroupSchema = z.strictObject({
  full_turn_from: wholeNumber(0, OFFLINE_LIMIT_MAX, M.full_turn_from),
  no_turn_below: wholeNumber(0, OFFLINE_LIMIT_MAX, M.no_turn_below),
  count_requested: flag(M.count_requested),
  count_appointments: flag(M.count_appointments),
  early_clock_in_bonus: wholeNumber(0, 10, M.early_clock_in_bonus),
  opens_at: z
    .string({ error: M.opens_at })
    .trim()
    .regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/, M.opens_at),
});

export const SETTINGS_GROUP_SCHEMAS = {
  general: generalGroupSchema,
  profile: profileGroupSchema,
  tax: taxGroupSchema,
  payment: paymentGroupSchema,
  print: printGroupSchema,
  others: othersGroupSchema,
  turns: turnsGroupSchema,
} as const satisfies Record<SettingsGroup, z.ZodType>;

export type SettingsGroupValues = { [G in SettingsGroup]: z.output<(typeof SETTINGS_GROUP_SCHEMAS)[G]> };

// ---- the document ----------------------------------------------------------------------------------------

export const PAYMENT_PROVIDERS = ['momo', 'vnpay', 'vietqr'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

const savedTaxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rate: z.number(),
  is_active: z.boolean(),
});

/** Everything the settings screen shows for one store. Provider secrets never appear: only whether each is set. */
export const settingsDocumentSchema = z.object({
  store_id: z.number().int(),
  general: z.object({
    default_home: z.enum(HOME_CHOICES),
    language: z.enum(LANGUAGES),
    currency: z.string(),
    timezone: z.string(),
  }),
  profile: z.object({ store_name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  tax: z.object({
    config_tax_on_tax: z.number().int(),
    config_indian_tax: z.enum(['0', '1']),
    taxes: z.array(savedTaxSchema),
  }),
  payment: z.object({
    creditcard_fee_percent: z.number(),
    creditcard_fee_to_customer: z.boolean(),
    offline_card_limit_per_ticket: z.number().int(),
    offline_card_limit_total: z.number().int(),
    cash_drawer_tolerance: z.number().int(),
    cash_drawer_required: z.boolean(),
    providers: z.object({ momo: z.boolean(), vnpay: z.boolean(), vietqr: z.boolean() }),
  }),
  print: z.object({
    receipt_name: z.string(),
    receipt_address: z.string(),
    receipt_phone: z.string(),
    receipt_footer: z.string(),
  }),
  others: z.object({
    enable_checkin_employee_daily: z.union([z.literal(0), z.literal(1)]),
    country_code: z.string(),
  }),
  turns: z.object({
    full_turn_from: z.number().int(),
    no_turn_below: z.number().int(),
    count_requested: z.boolean(),
    count_appointments: z.boolean(),
    early_clock_in_bonus: z.number().int(),
    opens_at: z.string(),
  }),
});
export type SettingsDocument = z.infer<typeof settingsDocumentSchema>;

/** A write's answer: the store's document after it, and the session's initial settings (000 "replaces initial_settings"). */
export const settingsSavedSchema = z.object({
  settings: settingsDocumentSchema,
  initial: initialSettingsSchema,
});
export type SettingsSaved = z.infer<typeof settingsSavedSchema>;

// ---- requests --------------------------------------------------------------------------------------------

const storeId = z.preprocess(fromText, z.number({ error: 'Choose a store.' }).int().positive());

/** /settings/{id}: the id is a store's (the session's store; another is a 403). */
export const settingsStoreIdParams = z.strictObject({ id: storeId });
export const storeSettingsGroupParams = z.strictObject({
  store_id: storeId,
  code: z.enum(SETTINGS_GROUPS, { error: 'Unknown settings group.' }),
});
export const storeIdQuery = z.strictObject({ store_id: storeId.optional() });

/** The body of an update by code: the group's fields (checked against the group's schema by the handler). */
export const settingsGroupBody = z.record(z.string(), z.unknown());

/** POST /settings/{id}: groups of the store keyed by code, each checked by its group's schema. */
export const settingsDocumentBody = z
  .strictObject(
    Object.fromEntries(
      SETTINGS_GROUPS.map((code) => [code, z.record(z.string(), z.unknown()).optional()]),
    ) as Record<SettingsGroup, z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>>,
  )
  .refine((body) => Object.values(body).some((group) => group !== undefined), 'Send at least one group.');

/** POST /store-settings/update-many: several groups of one store in one transaction. */
export const updateManyBody = z.strictObject({
  store_id: storeId,
  settings: z
    .array(
      z.strictObject({
        code: z.enum(SETTINGS_GROUPS, { error: 'Unknown settings group.' }),
        settings: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1, 'Send at least one group.')
    .max(SETTINGS_GROUPS.length, 'Send each group at most once.'),
});

const providerKey = (max: number) => requiredText(max, 'Enter this key.');
const endpoint = z
  .url({ protocol: /^https$/, error: 'Enter an https address.' })
  .max(300)
  .optional();

/** POST /store-settings/connect-payment-setting: a provider's keys for a store (stored, never sent back). */
export const connectPaymentBody = z.discriminatedUnion(
  'provider',
  [
    z.strictObject({
      store_id: storeId,
      provider: z.literal('momo'),
      partnerCode: providerKey(64),
      accessKey: providerKey(128),
      secretKey: providerKey(256),
      endpoint,
    }),
    z.strictObject({
      store_id: storeId,
      provider: z.literal('vnpay'),
      tmnCode: providerKey(64),
      hashSecret: providerKey(256),
      endpoint,
    }),
    z.strictObject({
      store_id: storeId,
      provider: z.literal('vietqr'),
      acqId: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'Enter the six-digit bank BIN.'),
      accountNo: z
        .string()
        .trim()
        .regex(/^[0-9]{6,19}$/, 'Enter the account number (6 to 19 digits).'),
      accountName: providerKey(50),
    }),
  ],
  { error: 'Choose momo, vnpay or vietqr.' },
);
export type ConnectPaymentBody = z.output<typeof connectPaymentBody>;

// ---- codes and ordering ----------------------------------------------------------------------------------

/** Code lists GET /api/codes serves (docs/settings.md "Codes"). */
export const CODE_NAMES = [
  'language',
  'default_home',
  'currency',
  'timezone',
  'settings_group',
  'payment_provider',
] as const;
export type CodeName = (typeof CODE_NAMES)[number];

export const codesQuery = z.strictObject({
  codeName: z.enum(CODE_NAMES, { error: 'Unknown code list.' }),
  /** One entry of the list by its key; absent = the whole list. */
  keyCodeName: z.string().trim().min(1).max(64).optional(),
});
export type CodesQuery = z.output<typeof codesQuery>;

export const codeEntrySchema = z.object({ key: z.string(), name: z.string() });
export const codesSchema = z.object({ codeName: z.enum(CODE_NAMES), items: z.array(codeEntrySchema) });
export type Codes = z.infer<typeof codesSchema>;

export const ORDERING_MODELS = ['categories', 'services', 'products', 'product_kits'] as const;
export const orderingParams = z.strictObject({ model: z.enum(ORDERING_MODELS, { error: 'Unknown model.' }) });
export const orderingSchema = z.object({
  model: z.enum(ORDERING_MODELS),
  items: z.array(z.object({ id: z.number().int(), name: z.string(), display_order: z.number().int() })),
});

export const mediaQuery = z.strictObject({
  path: z.string().min(1, 'Name a file.').max(300, 'The path is too long.'),
});
