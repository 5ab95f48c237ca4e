import type { SnapshotFrom } from 'xstate';
import type { SettingsGroup } from '../../src/contracts/settings';
import type { settingsEditorMachine } from './settings-editor.machine';
import type { GroupValues } from './settings-editor.types';

type Snapshot = SnapshotFrom<typeof settingsEditorMachine>;

export const selectActiveGroup = (s: Snapshot): SettingsGroup => s.context.active;
export const selectGroupValues = (s: Snapshot): GroupValues | null =>
  s.context.values?.[s.context.active] ?? null;
export const selectDocument = (s: Snapshot) => s.context.document;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectReadOnly = (s: Snapshot) => s.context.readOnly;
export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectIsBusy = (s: Snapshot) => s.matches('validating') || s.matches('saving');
export const selectIsDirty = (s: Snapshot) => s.matches('editing') || s.matches('failed');
export const selectJustSaved = (s: Snapshot) => (s.matches('saved') ? s.context.savedGroup : null);
