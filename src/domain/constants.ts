/**
 * Constants and enums of the specification (docs/roles.md#screens-layouts-and-the-menu,
 * docs/sales.md#the-order, docs/sales.md#editing-the-order, docs/api.md#defaults-and-formats;
 * docs/platform.md), with the spec's names and values. Numbers here are wire values: they are stored in the
 * database and sent by older clients, so never renumber.
 */

/** Order item types (docs/sales.md#the-order). Only Service, Product and ProductKit are taxed (docs/money.md). */
export const ITEM_TYPE = { SERVICE: 1, PRODUCT: 2, PRODUCT_KIT: 3, GIFTCARD: 90 } as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];
export const TAXABLE_ITEM_TYPES: readonly ItemType[] = [
  ITEM_TYPE.SERVICE,
  ITEM_TYPE.PRODUCT,
  ITEM_TYPE.PRODUCT_KIT,
];

/** Discount type: how the value is read (docs/sales.md#the-order). */
export const DISCOUNT_TYPE = { PERCENT: 0, AMOUNT: 1 } as const;
export type DiscountType = (typeof DISCOUNT_TYPE)[keyof typeof DISCOUNT_TYPE];

/** Discount source kinds (docs/sales.md#the-order). Item and Employee sit on a line; the rest on the order. */
export const DISCOUNT_SOURCE = {
  ITEM: 0,
  EMPLOYEE: 1,
  TICKET: 2,
  MEMBERSHIP: 3,
  MANAGER: 4,
  OTHER: 5,
} as const;
export type DiscountSource = (typeof DISCOUNT_SOURCE)[keyof typeof DISCOUNT_SOURCE];
export type LineDiscountSource = typeof DISCOUNT_SOURCE.ITEM | typeof DISCOUNT_SOURCE.EMPLOYEE;

/** The order-level discount kinds (docs/sales.md#the-order: "Discount kinds on the order: manager, ticket, membership, other"). */
export const ORDER_DISCOUNT_KINDS = ['ticket', 'manager', 'membership', 'other'] as const;
export type OrderDiscountKind = (typeof ORDER_DISCOUNT_KINDS)[number];

/** Payment types (docs/sales.md#payments). */
export const PAYMENT_TYPE = {
  CASH: 1,
  CREDIT: 2,
  GIFTCARD: 3,
  CHECK: 4,
  POINT: 5,
  COUPON: 6,
  VOUCHER: 7,
  VENMO: 8,
  MOMO: 9,
  VN_PAY: 10,
  OTHERS: 11,
  VIET_QR: 12,
} as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];
export const PAYMENT_TYPES: readonly PaymentType[] = Object.values(PAYMENT_TYPE);

/** "Momo, VnPay and VietQr print as Cash" (docs/sales.md#payments). */
export const PRINTS_AS_CASH: readonly PaymentType[] = [
  PAYMENT_TYPE.MOMO,
  PAYMENT_TYPE.VN_PAY,
  PAYMENT_TYPE.VIET_QR,
];
export function printedPaymentType(type: PaymentType): PaymentType {
  return PRINTS_AS_CASH.includes(type) ? PAYMENT_TYPE.CASH : type;
}

/** Sale status values (docs/sales.md#sale-status). Draft(4) → Sale(1) → Refund(2) | Void(3); any → Trash(9). */
export const SALE_STATUS = { SALE: 1, REFUND: 2, VOID: 3, DRAFT: 4, TRASH: 9 } as const;
export type SaleStatus = (typeof SALE_STATUS)[keyof typeof SALE_STATUS];

/** Sale-screen action modes (docs/sales.md#sale-management), one modal mode at a time. */
export const ACTION_MODE = {
  NONE: 'none',
  PRINT_REPORT: 'printReport',
  PRINT_REPORT_DETAIL: 'printReportDetail',
  INVOICE: 'invoice',
  PAYROLL: 'payroll',
  CLEAR_TRASH_ONE: 'clearTrashOne',
  CLEAR_TRASH_ALL: 'clearTrashAll',
  EDIT: 'edit',
  TIP: 'tip',
  CHANGE_ORDER_DATE: 'changeOrderDate',
  CHANGE_EMPLOYEE: 'changeEmployee',
  PAYMENT: 'payment',
  REFUND: 'refund',
  VOID: 'void',
  REMOVE: 'remove',
  REPRINT: 'reprint',
  RESTORE: 'restore',
  SALE: 'sale',
  SAVE_CHANGE: 'saveChange',
  SAVE_ALL_CHANGES: 'saveAllChanges',
} as const;
export type ActionMode = (typeof ACTION_MODE)[keyof typeof ACTION_MODE];

/** Permission modules 1-14 (docs/roles.md#modules-and-flags). */
export const MODULE = {
  DASHBOARD: 1,
  SALE: 2,
  WALKIN: 3,
  SCHEDULE: 4,
  TURN_SYSTEM: 5,
  EMARKETING: 6,
  SMS: 7,
  CUSTOMER: 8,
  MEMBERSHIP: 9,
  GIFTCARD: 10,
  COUPON: 11,
  REPORT: 12,
  BACK_OFFICE: 13,
  SETTING: 14,
} as const;
export type ModuleId = (typeof MODULE)[keyof typeof MODULE];
export const MODULE_IDS: readonly ModuleId[] = Object.values(MODULE);

export interface ModulePermission {
  module: ModuleId;
  is_readable: boolean;
  is_writable: boolean;
  enable: boolean;
  can_set_readable: boolean;
  can_set_writable: boolean;
  can_set_enable: boolean;
}

function permissionTemplate(on: boolean): readonly ModulePermission[] {
  return MODULE_IDS.map((module) => ({
    module,
    is_readable: on,
    is_writable: on,
    enable: on,
    can_set_readable: on,
    can_set_writable: on,
    can_set_enable: on,
  }));
}
/** The two templates of docs/roles.md#modules-and-flags: every module off, every module on. */
export const PERMISSION_TEMPLATE_ALL_OFF = permissionTemplate(false);
export const PERMISSION_TEMPLATE_ALL_ON = permissionTemplate(true);

/** Roles (docs/roles.md#roles). */
export const ROLE = { OWNER: 'owner', ADMIN: 'admin', MANAGER: 'manager', STAFF: 'staff' } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** Feature list values (docs/roles.md#modules-and-flags). */
export const FEATURES = [
  'dashboard',
  'employee_checkin',
  'sale',
  'walkin',
  'schedule',
  'turn_system',
  'emarketing',
  'sms',
  'giftcard',
  'coupon',
  'report',
  'payroll',
  'customer',
  'membership',
  'category',
  'unit',
  'product',
  'service',
  'package',
  'expense',
  'supplier',
  'member',
  'setting',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Report period choices (docs/api.md#defaults-and-formats); 'all' starts at 1900-01-01 (docs/api.md#defaults-and-formats). */
export const REPORT_PERIODS = [
  'all',
  'today',
  'last_day',
  'this_week',
  'this_month',
  'this_year',
  'last_week',
  'last_2_weeks',
  'last_month',
  'last_2_months',
  'last_3_months',
  'last_6_months',
  'last_year',
  'other',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_ALL_START = '1900-01-01';
/** "the default range end is 5 years ahead" (docs/api.md#defaults-and-formats). */
export const DEFAULT_RANGE_END_YEARS_AHEAD = 5;
/** "Default working hours helper 08:00 to 21:00" (docs/api.md#defaults-and-formats). */
export const DEFAULT_WORKING_HOURS = { start: '08:00', end: '21:00' } as const;

/** Offline queue constants (docs/offline.md#the-queue, docs/offline.md#sync-settings). */
export const OFFLINE_QUEUE = {
  DB_NAME: 'offline-queue',
  STORE_NAME: 'requests',
  MAX_RETRIES: 3,
  RETRY_DELAY_MS: 5_000,
  MAX_QUEUE_SIZE: 1000,
  BACKGROUND_SYNC: true,
  AUTO_SYNC: true,
  SYNC_INTERVAL_MS: 30_000,
  SCHEDULED_SYNCS_MS: [30_000, 120_000, 300_000],
  MAX_AGE_MS: 3_600_000,
  BATCH_SIZE: 10,
  RETRY_INTERVALS_MS: [5_000, 30_000, 120_000],
  HEALTH_CHECK_INTERVAL_MS: 60_000,
  IMMEDIATE_SYNC_DELAY_MS: 100,
  PRIORITY_ORDER: ['high', 'normal', 'low'],
} as const;
export type QueuePriority = (typeof OFFLINE_QUEUE.PRIORITY_ORDER)[number];
export const QUEUE_TAGS = ['failed', 'payment', 'order', 'customer', 'inventory', 'report'] as const;
export type QueueTag = (typeof QUEUE_TAGS)[number];
/** Validation ranges of the sync configuration (docs/offline.md#sync-settings). */
export const SYNC_CONFIG_LIMITS = {
  batchSize: { min: 1, max: 50 },
  maxAgeHours: { min: 1, max: 24 },
  syncIntervalSeconds: { min: 5, max: 3600 },
  retryIntervalSeconds: { min: 1, max: 300 },
  widgetUpdateIntervalSeconds: { min: 5, max: 3600 },
} as const;

/** "Items per page default 15" (docs/api.md#defaults-and-formats). */
export const ITEMS_PER_PAGE = 15;
/** "Password mask is eight asterisks" (docs/api.md#defaults-and-formats). */
export const PASSWORD_MASK = '********';

/** Defaults of the general and store settings (docs/settings.md, docs/api.md#defaults-and-formats). */
export const DEFAULT_COUNTRY_CODE = 'US';
export const DEFAULT_ENABLE_CHECKIN_EMPLOYEE_DAILY = 0;
export const DEFAULT_HOME = 'dashboard';
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'es', 'kr', 'thai', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Landing choices after login (docs/roles.md#screens-layouts-and-the-menu). */
export const HOME_CHOICES = [
  'employee_checkin_dashboard',
  'schedule_dashboard',
  'take_turn_dashboard',
  'walkin_dashboard',
  'dashboard',
] as const;
export type HomeChoice = (typeof HOME_CHOICES)[number];
/** Default store currency (docs/money.md). */
export const DEFAULT_CURRENCY = 'USD';

/** Local storage key of the waiting tickets (docs/sales.md#the-sale-screen); store and workstation fall back to 'none'. */
export function waitingTicketsKey(
  storeId?: string | number | null,
  workstationId?: string | number | null,
): string {
  return `waiting_sale_tickets__${storeId ?? 'none'}__${workstationId ?? 'none'}`;
}

/** Gift card export file (docs/api.md#defaults-and-formats). */
export const GIFTCARD_EXPORT_FILE = 'giftcards_export.csv';

/** Offline queue messages (docs/api.md#the-client), shared by the queue, the sync scheduler and their screens. */
export const OFFLINE_QUEUE_ERROR = {
  QUEUE_FULL: 'Offline queue is full',
  OFFLINE: 'Cannot sync while offline',
  NOT_FOUND: 'Request not found',
} as const;
/** A replayed request answered with a non-OK status (docs/api.md#the-client). */
export function queueHttpError(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}
/** The sync configuration edits exactly this many sync and retry intervals (docs/offline.md#sync-settings: "three … in seconds"). */
export const SYNC_INTERVAL_COUNT = 3;

/** Service worker timings and limits (docs/platform.md). */
export const WORKER = {
  /** "the worker is initialised after 0 ms" (docs/platform.md#start-up): after the first render, not before. */
  INIT_DELAY_MS: 0,
  INIT_TIMEOUT_MS: 3_000,
  READY_TIMEOUT_MS: 10_000,
  VERSION_CHECK_TIMEOUT_MS: 10_000,
  ACTIVATED_CHECK_TIMEOUT_MS: 3_000,
  CACHE_OPERATION_TIMEOUT_MS: 10_000,
  ACTIVATION_TIMEOUT_MS: 30_000,
  FORCE_UPDATE_TIMEOUT_MS: 15_000,
  RESPONSIVENESS_CHECK_MS: 3_000,
  INIT_RETRIES: 3,
  INIT_BACKOFF_BASE_MS: 1_000,
  INIT_BACKOFF_MAX_MS: 10_000,
  STATUS_REFRESH_MS: 10_000,
  UPDATE_BANNER_DISMISS_MS: 30_000,
  STALE_FLAG_MS: 600_000,
  STALE_FLAG_CHECK_MS: 300_000,
  REGISTRATION_TIMEOUT_MS: 15_000,
  CHUNK_LOAD_TIMEOUT_MS: 120_000,
  ASSET_BASE: './',
  /** Update Now: skip waiting, active, then reload after 2 s (docs/platform.md#updates). */
  UPDATE_NOW_RELOAD_DELAY_MS: 2_000,
  /** Apply Update in the status panel: reload 100 ms after skip waiting (docs/platform.md#updates). */
  APPLY_UPDATE_RELOAD_DELAY_MS: 100,
} as const;

/** Back-off before init retry n (1-based): min(1000·2^(n-1), 10000) ms (docs/platform.md#start-up). */
export function workerInitBackoffMs(retry: number): number {
  return Math.min(WORKER.INIT_BACKOFF_BASE_MS * 2 ** (Math.max(retry, 1) - 1), WORKER.INIT_BACKOFF_MAX_MS);
}

/** Messages between the page and the worker (docs/platform.md#worker-tools); not HTTP. */
export const WORKER_MESSAGE = {
  GET_VERSION: 'GET_VERSION',
  CLEAR_DATA_CACHE: 'CLEAR_DATA_CACHE',
  GET_CACHE_INFO: 'GET_CACHE_INFO',
  SKIP_WAITING: 'SKIP_WAITING',
  FORCE_UPDATE: 'FORCE_UPDATE',
  VERSION_INFO: 'VERSION_INFO',
  DATA_CACHE_CLEARED: 'DATA_CACHE_CLEARED',
  CACHE_INFO: 'CACHE_INFO',
  FORCE_UPDATE_COMPLETED: 'FORCE_UPDATE_COMPLETED',
  VERSION_CHECK_ERROR: 'VERSION_CHECK_ERROR',
  CACHE_CLEAR_ERROR: 'CACHE_CLEAR_ERROR',
  FORCE_UPDATE_ERROR: 'FORCE_UPDATE_ERROR',
  VERSION_CHANGED: 'VERSION_CHANGED',
  BACKGROUND_SYNC: 'BACKGROUND_SYNC',
  FOCUS_CLIENT: 'FOCUS_CLIENT',
} as const;
export type WorkerMessageType = (typeof WORKER_MESSAGE)[keyof typeof WORKER_MESSAGE];

/**
 * Ours: a push subscription the browser replaced (pushsubscriptionchange). The worker keeps a note of the new one
 * in its meta cache and tells open windows; the page, which holds the token, registers it (ADR 009).
 */
export const PUSH_RENEWAL = {
  MESSAGE: 'PUSH_SUBSCRIPTION_CHANGED',
  CACHE: 'sw-meta',
  PATH: '/__sw/push-renewal',
} as const;

/** Errors of the worker manager (docs/platform.md#worker-tools). */
export const WORKER_ERROR = {
  MANAGER_UNAVAILABLE: 'Service Worker manager not available',
  INIT_FAILED: 'Service Worker initialization failed or timed out',
  UNKNOWN: 'Unknown error',
  NOT_READY: 'Service Worker not ready after 10 seconds',
  NOT_ACTIVE: 'Service Worker not active',
  CACHE_CLEAR_TIMEOUT: 'Cache clear operation timeout',
  CACHE_INFO_TIMEOUT: 'Cache info operation timeout',
  ACTIVATION_TIMEOUT: 'Service Worker activation timeout',
} as const;

/** The startup error banners (docs/platform.md#start-up); the banner's Retry button reloads the page (docs/platform.md#updates). */
export const STARTUP_BANNER = {
  FAILED: 'Service Worker failed to start. Please refresh the page.',
  NETWORK: 'Network connection issue. Please check your connection and refresh.',
  TIMEOUT: 'Service Worker is taking too long to start. Please refresh the page.',
  PERMISSION: 'Permission denied. Please allow notifications and refresh.',
} as const;
export type StartupBanner = (typeof STARTUP_BANNER)[keyof typeof STARTUP_BANNER];

/** The update flow's messages and buttons (docs/platform.md#updates), exact texts. */
export const UPDATE_MESSAGE = {
  AVAILABLE: {
    title: 'App Update Available',
    description: 'A new version is available. Update now to get the latest features.',
  },
  SUCCESS: {
    title: 'Update Successful',
    description: 'Application updated successfully! The page will reload in a few seconds...',
  },
  FAILED: {
    title: 'Update Failed',
    description: 'Failed to update the application. Please refresh the page manually.',
  },
} as const;
export const UPDATE_BUTTON = {
  UPDATE_NOW: 'Update Now',
  LATER: 'Later',
  UPDATING: 'Updating...',
  RELOADING: 'Reloading...',
  REFRESH_PAGE: 'Refresh Page',
  CLOSE: 'Close',
  CHECK_AGAIN: 'Check Again',
} as const;
export const FORCE_RELOAD_CONFIRM =
  'This will force reload the service worker and clear all caches. Continue?';
/** On a version change, local data whose keys start with these is cleared (docs/platform.md#start-up). */
export const VERSIONED_LOCAL_DATA_PREFIXES = ['app-', 'pos-', 'user-'] as const;

/** Push (docs/platform.md#push). */
export const PUSH_ERROR = {
  UNSUPPORTED: 'Push notifications are not supported',
  DENIED: 'Notification permission has been denied',
  REQUIRED: 'Notification permission required',
  WORKER_NOT_READY: 'Service worker not ready',
  NOT_GRANTED: 'Notification permission not granted',
} as const;
/** A non-OK answer to POST /api/push/subscribe (docs/platform.md#push). */
export function pushServerError(status: number): string {
  return `Server error: ${status}`;
}
export const PUSH_PATH = { SUBSCRIBE: '/api/push/subscribe', UNSUBSCRIBE: '/api/push/unsubscribe' } as const;
/** Subscription details show the first 20 characters of each key (docs/platform.md#the-settings-dialog). */
export const PUSH_KEY_PREVIEW_LENGTH = 20;

/** Install prompts (docs/platform.md#install-prompt). */
export const INSTALL = {
  BANNER_DISMISS_MS: 10_000,
  INSTRUCTIONS_DISMISS_MS: 15_000,
  AUTO_SHOW_DELAY_MS: 3_000,
  /** The settings tab's "enable auto-show after 5 s" button (docs/platform.md#the-settings-dialog). */
  AUTO_SHOW_BUTTON_DELAY_MS: 5_000,
} as const;

/** Toasts auto-close after 5000 ms (docs/api.md#the-client). */
export const TOAST_DURATION_MS = 5_000;
