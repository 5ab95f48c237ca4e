/**
 * The offline sync configuration (docs/offline.md#sync-settings "Sync configuration",
 * docs/offline.md#sync-settings validation ranges; docs/offline.md#the-queue defaults), pure.
 *
 * The configuration is kept in milliseconds, as the spec's entity is; the settings dialog edits batch size,
 * max age in hours and the intervals in seconds (docs/offline.md#sync-settings), so the ranges and the
 * messages are in those units. The spec gives the ranges but no message texts ("Form validation messages: not
 * shown", docs/money.md): the texts below are ours, each with an i18n code and the bounds as params.
 */
import { OFFLINE_QUEUE, SYNC_CONFIG_LIMITS, SYNC_INTERVAL_COUNT } from './constants';

export interface SyncConfig {
  /** Sync 100 ms after a request is queued while online (docs/offline.md#the-queue). */
  immediate: boolean;
  /** Scheduled syncs, ms: each interval is its own repeating timer (docs/offline.md#sync-settings "multiple intervals"). */
  intervals: readonly number[];
  /** Low-priority requests older than this are purged at start, ms. */
  maxAge: number;
  /** Requests sent per sync run. */
  batchSize: number;
  /** Delay before retry n of a request, ms, by retry number, the last repeated (docs/offline.md#the-queue). */
  retryIntervals: readonly number[];
}

export const DEFAULT_SYNC_CONFIG: SyncConfig = {
  immediate: true,
  intervals: [...OFFLINE_QUEUE.SCHEDULED_SYNCS_MS],
  maxAge: OFFLINE_QUEUE.MAX_AGE_MS,
  batchSize: OFFLINE_QUEUE.BATCH_SIZE,
  retryIntervals: [...OFFLINE_QUEUE.RETRY_INTERVALS_MS],
};

export type SyncConfigField = keyof SyncConfig;

export type SyncConfigErrorCode =
  | 'syncConfig.errors.immediate'
  | 'syncConfig.errors.batchSize'
  | 'syncConfig.errors.maxAge'
  | 'syncConfig.errors.intervalCount'
  | 'syncConfig.errors.interval'
  | 'syncConfig.errors.retryIntervalCount'
  | 'syncConfig.errors.retryInterval';

export interface SyncConfigError {
  field: SyncConfigField;
  /** Which entry of intervals / retryIntervals (0-based); absent for the other fields. */
  index?: number;
  /** The i18n key (pwa namespace); `message` is the English text, `params` fill the translation. */
  code: SyncConfigErrorCode;
  message: string;
  params: Record<string, number>;
}

const HOUR_MS = 3_600_000;
const SECOND_MS = 1_000;

export const SYNC_CONFIG_MESSAGES = {
  immediate: 'Immediate sync must be on or off',
  batchSize: `Batch size must be a whole number between ${SYNC_CONFIG_LIMITS.batchSize.min} and ${SYNC_CONFIG_LIMITS.batchSize.max}`,
  maxAge: `Max age must be between ${SYNC_CONFIG_LIMITS.maxAgeHours.min} and ${SYNC_CONFIG_LIMITS.maxAgeHours.max} hours`,
  intervalCount: `Exactly ${SYNC_INTERVAL_COUNT} sync intervals are required`,
  interval: `Sync interval must be between ${SYNC_CONFIG_LIMITS.syncIntervalSeconds.min} and ${SYNC_CONFIG_LIMITS.syncIntervalSeconds.max} seconds`,
  retryIntervalCount: `Exactly ${SYNC_INTERVAL_COUNT} retry intervals are required`,
  retryInterval: `Retry interval must be between ${SYNC_CONFIG_LIMITS.retryIntervalSeconds.min} and ${SYNC_CONFIG_LIMITS.retryIntervalSeconds.max} seconds`,
} as const;

function isNumberBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function listErrors(
  field: 'intervals' | 'retryIntervals',
  list: unknown,
  limits: { min: number; max: number },
): SyncConfigError[] {
  const count = field === 'intervals' ? 'intervalCount' : 'retryIntervalCount';
  const each = field === 'intervals' ? 'interval' : 'retryInterval';
  if (!Array.isArray(list) || list.length !== SYNC_INTERVAL_COUNT) {
    return [
      {
        field,
        code: `syncConfig.errors.${count}`,
        message: SYNC_CONFIG_MESSAGES[count],
        params: { count: SYNC_INTERVAL_COUNT },
      },
    ];
  }
  return list.flatMap((value: unknown, index) =>
    isNumberBetween(value, limits.min * SECOND_MS, limits.max * SECOND_MS)
      ? []
      : [
          {
            field,
            index,
            code: `syncConfig.errors.${each}` as const,
            message: SYNC_CONFIG_MESSAGES[each],
            params: { min: limits.min, max: limits.max },
          },
        ],
  );
}

/**
 * Every problem of the configuration, in field order (empty when valid). Bounds are inclusive:
 * docs/offline.md#sync-settings "Batch size: 1 to 50. Max age: 1 to 24 hours. Sync interval: 5 to 3600
 * seconds. Retry interval: 1 to 300 seconds."
 */
export function validateSyncConfig(config: SyncConfig): SyncConfigError[] {
  const errors: SyncConfigError[] = [];
  if (typeof config.immediate !== 'boolean') {
    errors.push({
      field: 'immediate',
      code: 'syncConfig.errors.immediate',
      message: SYNC_CONFIG_MESSAGES.immediate,
      params: {},
    });
  }
  const { batchSize, maxAgeHours, syncIntervalSeconds, retryIntervalSeconds } = SYNC_CONFIG_LIMITS;
  if (
    !isNumberBetween(config.batchSize, batchSize.min, batchSize.max) ||
    !Number.isInteger(config.batchSize)
  ) {
    errors.push({
      field: 'batchSize',
      code: 'syncConfig.errors.batchSize',
      message: SYNC_CONFIG_MESSAGES.batchSize,
      params: { min: batchSize.min, max: batchSize.max },
    });
  }
  if (!isNumberBetween(config.maxAge, maxAgeHours.min * HOUR_MS, maxAgeHours.max * HOUR_MS)) {
    errors.push({
      field: 'maxAge',
      code: 'syncConfig.errors.maxAge',
      message: SYNC_CONFIG_MESSAGES.maxAge,
      params: { min: maxAgeHours.min, max: maxAgeHours.max },
    });
  }
  errors.push(...listErrors('intervals', config.intervals, syncIntervalSeconds));
  errors.push(...listErrors('retryIntervals', config.retryIntervals, retryIntervalSeconds));
  return errors;
}

export function isValidSyncConfig(config: SyncConfig): boolean {
  return validateSyncConfig(config).length === 0;
}

/** A new configuration with the patch's fields over the base (lists copied, never shared). */
export function mergeSyncConfig(base: SyncConfig, patch: Partial<SyncConfig>): SyncConfig {
  const merged = { ...base, ...patch };
  return { ...merged, intervals: [...merged.intervals], retryIntervals: [...merged.retryIntervals] };
}

export type SyncConfigUpdate =
  { ok: true; config: SyncConfig } | { ok: false; config: SyncConfig; errors: SyncConfigError[] };

/** The dialog's Save: the merged configuration when valid; otherwise the base kept and the errors. */
export function updateSyncConfig(base: SyncConfig, patch: Partial<SyncConfig>): SyncConfigUpdate {
  const next = mergeSyncConfig(base, patch);
  const errors = validateSyncConfig(next);
  return errors.length === 0 ? { ok: true, config: next } : { ok: false, config: base, errors };
}

/**
 * A configuration read back from storage (JSON of an older version, or edited by hand): each field that is
 * missing or invalid falls back to its default, so one bad value never stops offline sync altogether.
 */
export function readSyncConfig(stored: unknown): SyncConfig {
  if (typeof stored !== 'object' || stored === null) return mergeSyncConfig(DEFAULT_SYNC_CONFIG, {});
  const candidate = stored as Partial<Record<SyncConfigField, unknown>>;
  let config = mergeSyncConfig(DEFAULT_SYNC_CONFIG, {});
  for (const field of Object.keys(DEFAULT_SYNC_CONFIG) as SyncConfigField[]) {
    if (!(field in candidate)) continue;
    const trial = { ...config, [field]: candidate[field] } as SyncConfig;
    const fieldErrors = validateSyncConfig(trial).filter((error) => error.field === field);
    if (fieldErrors.length === 0) config = mergeSyncConfig(config, { [field]: candidate[field] });
  }
  return config;
}

/**
 * The delay before retry number `retry` (1 = the first retry) of a request: "retry intervals 5 s, 30 s, 2 min
 * (by retry number, last repeated)" (docs/offline.md#the-queue).
 */
export function retryIntervalFor(config: Pick<SyncConfig, 'retryIntervals'>, retry: number): number {
  const { retryIntervals } = config;
  const index = Math.min(Math.max(Math.floor(retry), 1), retryIntervals.length) - 1;
  return retryIntervals[index] ?? OFFLINE_QUEUE.RETRY_DELAY_MS;
}

/** The dialog's units (docs/offline.md#sync-settings): max age in hours, intervals in seconds. */
export interface SyncConfigForm {
  immediate: boolean;
  batchSize: number;
  maxAgeHours: number;
  intervalsSeconds: number[];
  retryIntervalsSeconds: number[];
}

export function toSyncConfigForm(config: SyncConfig): SyncConfigForm {
  return {
    immediate: config.immediate,
    batchSize: config.batchSize,
    maxAgeHours: config.maxAge / HOUR_MS,
    intervalsSeconds: config.intervals.map((ms) => ms / SECOND_MS),
    retryIntervalsSeconds: config.retryIntervals.map((ms) => ms / SECOND_MS),
  };
}

export function fromSyncConfigForm(form: SyncConfigForm): SyncConfig {
  return {
    immediate: form.immediate,
    batchSize: form.batchSize,
    maxAge: Math.round(form.maxAgeHours * HOUR_MS),
    intervals: form.intervalsSeconds.map((s) => Math.round(s * SECOND_MS)),
    retryIntervals: form.retryIntervalsSeconds.map((s) => Math.round(s * SECOND_MS)),
  };
}
