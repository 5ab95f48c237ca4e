/**
 * The "Sync timing" tab's settings form (docs/offline.md#sync-settings: immediate sync checkbox, batch size,
 * max age in hours, three sync intervals in seconds, three retry intervals in seconds): the text as typed,
 * turned into the configuration the sync scheduler validates (src/domain/sync-config.ts,
 * docs/offline.md#sync-settings ranges). The chart decides; this only converts.
 */
import type { SyncConfig, SyncConfigError, SyncConfigField } from '../../../domain/sync-config';
import { fromSyncConfigForm, toSyncConfigForm } from '../../../domain/sync-config';

export interface SyncFormText {
  immediate: boolean;
  batchSize: string;
  maxAgeHours: string;
  intervalsSeconds: string[];
  retryIntervalsSeconds: string[];
}

export function toFormText(config: SyncConfig): SyncFormText {
  const form = toSyncConfigForm(config);
  return {
    immediate: form.immediate,
    batchSize: String(form.batchSize),
    maxAgeHours: String(form.maxAgeHours),
    intervalsSeconds: form.intervalsSeconds.map(String),
    retryIntervalsSeconds: form.retryIntervalsSeconds.map(String),
  };
}

/** A typed number; blank or not a number is NaN, which the chart refuses with the field's range message. */
export function parseFormNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export function fromFormText(text: SyncFormText): SyncConfig {
  return fromSyncConfigForm({
    immediate: text.immediate,
    batchSize: parseFormNumber(text.batchSize),
    maxAgeHours: parseFormNumber(text.maxAgeHours),
    intervalsSeconds: text.intervalsSeconds.map(parseFormNumber),
    retryIntervalsSeconds: text.retryIntervalsSeconds.map(parseFormNumber),
  });
}

/** The error of one field (and one entry of a list), as the chart reported it. */
export function fieldError(
  errors: readonly SyncConfigError[],
  field: SyncConfigField,
  index?: number,
): SyncConfigError | undefined {
  return errors.find(
    (error) =>
      error.field === field && (error.index === undefined || index === undefined || error.index === index),
  );
}
