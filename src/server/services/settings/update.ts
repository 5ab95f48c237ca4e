/**
 * Settings writes (docs/settings.md): a group by its code, several groups at once (update-many) and a payment
 * provider's keys (connect-payment-setting). One transaction each, the store row locked first so two saves
 * of the same store never interleave their read-modify-write of the settings JSON; an audit row per write
 * holds the changed groups before and after (provider secrets never: only whether a provider is set up).
 */
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConnectPaymentBody,
  SettingsGroup,
  SettingsGroupValues,
  SettingsSaved,
} from '../../../contracts/settings';
import { SETTINGS_GROUP_SCHEMAS, SETTINGS_GROUPS } from '../../../contracts/settings';
import type { FieldErrors } from '../../../contracts/envelope';
import type { AuthContext } from '../../auth-context';
import { requireStore } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { taxes } from '../../db/schema/catalog';
import { stores } from '../../db/schema/stores';
import { tenants } from '../../db/schema/tenants';
import { storeValuesAll, storeWhere, tenantIdWhere } from '../../db/scoped';
import { fieldErrors, notFound, unprocessable, VALIDATION_MESSAGE } from '../../errors';
import { writeResourceAudit } from '../../resources/audit';
import { settingsDocument, STORE_NOT_FOUND_MESSAGE } from './document';
import { initialSettings } from './initial';

export interface GroupUpdate {
  code: SettingsGroup;
  settings: unknown;
}

type Parsed = { [G in SettingsGroup]: { code: G; values: SettingsGroupValues[G] } }[SettingsGroup];

/**
 * Each group checked by its schema; every problem of every group reported at once. `at(index)` is where a
 * group's fields sit in the body: '' for a body that is the group, `settings.<i>.settings` in an
 * update-many, `<code>` in a document of groups.
 */
function parseGroups(updates: readonly GroupUpdate[], at: (index: number) => string): Parsed[] {
  const errors: FieldErrors = {};
  const parsed: Parsed[] = [];
  const seen = new Set<SettingsGroup>();
  updates.forEach((update, index) => {
    if (seen.has(update.code)) {
      errors[at(index).replace(/\.settings$/, '.code')] = ['Send each group at most once.'];
      return;
    }
    seen.add(update.code);
    const schema: z.ZodType = SETTINGS_GROUP_SCHEMAS[update.code];
    const result = schema.safeParse(update.settings ?? {});
    if (result.success) {
      parsed.push({ code: update.code, values: result.data } as Parsed);
      return;
    }
    const own = fieldErrors(result.error.issues);
    const base = at(index);
    for (const [field, messages] of Object.entries(own)) {
      errors[base === '' ? field : field === 'body' ? base : `${base}.${field}`] = messages;
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  return parsed;
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as object) } : {};
}

/**
 * The stored receipt or profile object (a copy) with these texts: a blank one removes its key so readers fall
 * back to nothing.
 */
function withTexts(stored: unknown, texts: Record<string, string>): Record<string, unknown> {
  const target = objectOf(stored);
  for (const [key, value] of Object.entries(texts)) {
    if (value === '') delete target[key];
    else target[key] = value;
  }
  return target;
}

async function lockStore(tx: Queryable, auth: AuthContext, storeId: number) {
  const [row] = await tx
    .select({ settings: stores.settings })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId))
    .for('update')
    .limit(1);
  if (!row) throw notFound(STORE_NOT_FOUND_MESSAGE);
  return objectOf(row.settings);
}

/**
 * The tax list becomes exactly the sent list, in its order (position 1, 2, ...). Rows keep their id when
 * the entry names it; an id that is not a row of this store is a 422 on that entry. Kept rows first take
 * a name no person types, so renaming A to B and B to A in one save never meets the unique name index.
 */
async function replaceTaxList(
  tx: Queryable,
  scope: { tenantId: number; storeId: number },
  list: SettingsGroupValues['tax']['taxes'],
): Promise<void> {
  const existing = await tx.select({ id: taxes.id }).from(taxes).where(storeWhere(taxes, scope));
  const ids = new Set(existing.map((row) => row.id));
  const errors: FieldErrors = {};
  list.forEach((tax, index) => {
    if (tax.id !== undefined && !ids.has(tax.id))
      errors[`taxes.${index}.id`] = ['This tax is not in the list.'];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  const kept = list.flatMap((tax) => (tax.id === undefined ? [] : [tax.id]));
  await tx
    .delete(taxes)
    .where(storeWhere(taxes, scope, kept.length > 0 ? notInArray(taxes.id, kept) : undefined));
  if (kept.length > 0) {
    await tx
      .update(taxes)
      .set({ name: sql`chr(1) || ${taxes.id}::text` })
      .where(storeWhere(taxes, scope, inArray(taxes.id, kept)));
  }
  const added: (typeof taxes.$inferInsert)[] = [];
  for (const [index, tax] of list.entries()) {
    const values = { name: tax.name, rate: tax.rate, isActive: tax.is_active, position: index + 1 };
    if (tax.id === undefined) {
      added.push({ ...values, tenantId: scope.tenantId, storeId: scope.storeId });
      continue;
    }
    await tx
      .update(taxes)
      .set({ ...values, updatedAt: new Date() })
      .where(storeWhere(taxes, scope, eq(taxes.id, tax.id)));
  }
  if (added.length > 0) await tx.insert(taxes).values(storeValuesAll(scope, added));
}

async function applyGroups(tx: Queryable, auth: AuthContext, storeId: number, groups: readonly Parsed[]) {
  const settings = await lockStore(tx, auth, storeId);
  const row: Partial<typeof stores.$inferInsert> = {};
  let tenantChanges: Record<string, unknown> | null = null;
  for (const group of groups) {
    switch (group.code) {
      case 'general':
        settings.default_home = group.values.default_home;
        settings.language = group.values.language;
        row.currency = group.values.currency;
        row.timezone = group.values.timezone;
        break;
      case 'profile':
        row.name = group.values.store_name;
        settings.profile = withTexts(settings.profile, {
          phone: group.values.phone,
          email: group.values.email.toLowerCase(),
          address: group.values.address,
        });
        break;
      case 'tax':
        settings.config_tax_on_tax = group.values.config_tax_on_tax;
        settings.config_indian_tax = group.values.config_indian_tax;
        await replaceTaxList(tx, { tenantId: auth.tenantId, storeId }, group.values.taxes);
        break;
      case 'payment':
        settings.creditcard_fee_percent = group.values.creditcard_fee_percent;
        settings.creditcard_fee_to_customer = group.values.creditcard_fee_to_customer;
        settings.offline_card_limit_per_ticket = group.values.offline_card_limit_per_ticket;
        settings.offline_card_limit_total = group.values.offline_card_limit_total;
        if (group.values.cash_drawer_tolerance !== undefined)
          settings.cash_drawer_tolerance = group.values.cash_drawer_tolerance;
        if (group.values.cash_drawer_required !== undefined)
          settings.cash_drawer_required = group.values.cash_drawer_required;
        break;
      case 'print':
        settings.receipt = withTexts(settings.receipt, {
          name: group.values.receipt_name,
          address: group.values.receipt_address,
          phone: group.values.receipt_phone,
          footer: group.values.receipt_footer,
        });
        break;
      case 'others':
        tenantChanges = { ...group.values };
        break;
      case 'turns':
        // Read back by services/turn-system.ts readTurnSettings (docs/turns.md "The ledger on the server").
        settings.turns = {
          ...group.values,
          opens_at: group.values.opens_at === '' ? null : group.values.opens_at,
        };
        break;
    }
  }
  await tx
    .update(stores)
    .set({ ...row, settings, updatedAt: new Date() })
    .where(tenantIdWhere(stores, auth, storeId));
  if (tenantChanges) {
    await tx
      .update(tenants)
      .set({
        settings: sql`${tenants.settings} || ${JSON.stringify(tenantChanges)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(tenants.id, auth.tenantId));
  }
}

function pick<T extends object>(document: T, codes: readonly SettingsGroup[]): Partial<T> {
  return Object.fromEntries(
    codes.map((code) => [code, (document as Record<string, unknown>)[code]]),
  ) as Partial<T>;
}

async function saved(
  tx: Queryable,
  auth: AuthContext,
  storeId: number,
  action: string,
  codes: readonly SettingsGroup[],
  write: () => Promise<void>,
): Promise<SettingsSaved> {
  const before = await settingsDocument(tx, auth, storeId);
  await write();
  const after = await settingsDocument(tx, auth, storeId);
  await writeResourceAudit(tx, auth, [
    {
      action,
      entityType: 'store_settings',
      entityId: storeId,
      before: pick(before, codes),
      after: pick(after, codes),
    },
  ]);
  return { settings: after, initial: await initialSettings(tx, auth) };
}

/**
 * Checks and saves groups of a store in one transaction. `at(index)` names where a group's fields sit in
 * the request body, so a field error points at what the client sent.
 */
async function saveGroups(
  tx: Queryable,
  auth: AuthContext,
  storeId: number,
  action: string,
  updates: readonly GroupUpdate[],
  at: (index: number) => string,
): Promise<SettingsSaved> {
  requireStore(auth, storeId);
  const groups = parseGroups(updates, at);
  const codes = groups.map((group) => group.code);
  return saved(tx, auth, storeId, action, codes, () => applyGroups(tx, auth, storeId, groups));
}

/** POST /store-settings/{store_id}/{code}: one group; field errors name its fields. */
export function updateSettingsGroup(
  tx: Queryable,
  auth: AuthContext,
  storeId: number,
  code: SettingsGroup,
  body: unknown,
): Promise<SettingsSaved> {
  return saveGroups(tx, auth, storeId, `store_settings.${code}`, [{ code, settings: body }], () => '');
}

/** POST /store-settings/update-many: all groups or none; field errors are `settings.<i>.settings.<field>`. */
export function updateManySettings(
  tx: Queryable,
  auth: AuthContext,
  storeId: number,
  updates: readonly GroupUpdate[],
): Promise<SettingsSaved> {
  return saveGroups(
    tx,
    auth,
    storeId,
    'store_settings.update_many',
    updates,
    (i) => `settings.${i}.settings`,
  );
}

/** POST /settings/{id}: groups of store {id} keyed by code; field errors are `<code>.<field>`. */
export function updateSettingsDocument(
  tx: Queryable,
  auth: AuthContext,
  storeId: number,
  body: Partial<Record<SettingsGroup, unknown>>,
): Promise<SettingsSaved> {
  const updates = SETTINGS_GROUPS.flatMap((code) =>
    body[code] === undefined ? [] : [{ code, settings: body[code] }],
  );
  return saveGroups(tx, auth, storeId, 'store_settings.update_many', updates, (i) => updates[i]!.code);
}

/** POST /store-settings/connect-payment-setting: the provider's keys replace the stored ones. */
export async function connectPaymentSetting(
  tx: Queryable,
  auth: AuthContext,
  body: ConnectPaymentBody,
): Promise<SettingsSaved> {
  requireStore(auth, body.store_id);
  const { store_id: storeId, provider, ...keys } = body;
  return saved(tx, auth, storeId, `store_settings.connect_${provider}`, ['payment'], async () => {
    const settings = await lockStore(tx, auth, storeId);
    settings[provider] = { ...objectOf(settings[provider]), ...keys };
    await tx
      .update(stores)
      .set({ settings, updatedAt: new Date() })
      .where(tenantIdWhere(stores, auth, storeId));
  });
}
