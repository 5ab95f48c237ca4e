import type { SettingsDocument, SettingsGroup, SettingsSaved } from '../../src/contracts/settings';

/** One group's form as typed: field name → value (text, flag, or the tax list's rows). */
export type GroupValues = Record<string, unknown>;
export type SettingsValues = Record<SettingsGroup, GroupValues>;

/** Field path (`creditcard_fee_percent`, `taxes.1.rate`) → that field's problem, worded by the screen. */
export type FieldErrors = Record<string, string>;

/** What a failed load or save was, for the screen's words: the server's error code when it sent one. */
export interface SettingsFailure {
  kind: 'offline' | 'forbidden' | 'validation' | 'server';
  code: string | null;
  fieldErrors: FieldErrors | null;
}

export interface SettingsEditorInput {
  /** A manager sees the settings without changing them (docs/settings.md "Access"). */
  readOnly: boolean;
}

export interface SettingsEditorContext {
  readOnly: boolean;
  document: SettingsDocument | null;
  /** What the form shows for each group: the document's values until someone types. */
  values: SettingsValues | null;
  active: SettingsGroup;
  fieldErrors: FieldErrors;
  failure: SettingsFailure | null;
  /** The Idempotency-Key of the save being tried; kept across retries of the same values, new after a change. */
  saveKey: string | null;
  /** The checked form on its way to the server. */
  pending: ValidatedGroup | null;
  /** The group of the last successful save (the screen says "Saved"). */
  savedGroup: SettingsGroup | null;
}

export type SettingsEditorEvent =
  | { type: 'retry' }
  | { type: 'group.select'; group: SettingsGroup }
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'save' }
  | { type: 'edit.discard' };

export interface ValidateInput {
  group: SettingsGroup;
  values: GroupValues;
  saveKey: string | null;
}
/** A form that passed its group's schema: the body to send and the key of this save. */
export interface ValidatedGroup {
  group: SettingsGroup;
  body: Record<string, unknown>;
  saveKey: string;
}

/** A save: the checked group, for the store the document is of. */
export type SaveGroupInput = ValidatedGroup & { storeId: number };
export type SaveGroupOutput = SettingsSaved;

/** Params of the actions a save triggers, which the app provides (cache clearing, the session's settings). */
export interface SavedParams {
  group: SettingsGroup;
  saved: SettingsSaved;
}
