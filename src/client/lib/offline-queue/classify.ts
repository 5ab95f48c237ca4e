/**
 * Which requests the offline queue takes, at which priority and with which tags (docs/offline.md#the-queue:
 * "when offline, POST, PUT, PATCH and DELETE (and GETs to paths containing orders, payments, customers,
 * inventory or reports) are queued … Priority: high for payments and orders, normal for other writes, low
 * otherwise").
 *
 * Settled here (the spec names resources, our API names paths, docs/api.md#endpoints):
 * - Matching is by path SEGMENT, not substring, and knows this API's spelling: orders are `/pos/sales`
 *   (the sale is the order, docs/sales.md#the-order), reports live under `/report/…` (singular), inventory
 *   under `/products/inventory` and `/products/inventoriesDetail`, customers also under `/customer-groups`.
 *   A substring test would miss `/report/daily` and tag `/pos/sales/service-product-setting` as nothing.
 * - "high for payments and orders, normal for OTHER WRITES, low otherwise": high and normal are writes;
 *   every queued read is low, whatever it reads.
 * - Some writes need a live answer and are never queued: a queued login, PIN check, profile update or password change
 *   would answer the screen with a fake 202 where it needs a yes or no; a wallet or QR payment needs the
 *   processor's QR code now; push subscriptions are bound to the live service. Those fail as before.
 * - Protected (docs/offline.md "never silently discard a sale or payment"): a WRITE tagged payment or order.
 *   A read of `/pos/sales/5` carries the order tag for display but is an ordinary purgeable low read.
 */
import type { QueuePriority, QueueTag } from '../../../domain/constants';

export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export interface Classification {
  /** Whether the request goes to the queue when offline or failing. */
  queue: boolean;
  priority: QueuePriority;
  /** Resource tags; never 'failed' (that tag is set only when retries run out). */
  tags: QueueTag[];
}

/** Leading `/api` is dropped so that absolute, `/api/…` and base-relative paths classify alike. */
function pathSegments(url: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://offline-queue.invalid').pathname;
  } catch {
    pathname = url.split(/[?#]/)[0] ?? '';
  }
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).toLowerCase());
  return segments[0] === 'api' ? segments.slice(1) : segments;
}

const TAG_SEGMENTS: ReadonlyArray<[Exclude<QueueTag, 'failed'>, (segment: string) => boolean]> = [
  ['payment', (s) => s === 'payments' || s === 'payment' || s === 'tipadjust'],
  ['order', (s) => s === 'orders' || s === 'order' || s === 'sales'],
  ['customer', (s) => s === 'customers' || s === 'customer' || s === 'customer-groups'],
  ['inventory', (s) => s.startsWith('inventor')],
  ['report', (s) => s === 'report' || s === 'reports'],
];

export function tagsFor(url: string): QueueTag[] {
  const segments = pathSegments(url);
  return TAG_SEGMENTS.filter(([, matches]) => segments.some(matches)).map(([tag]) => tag);
}

/** Paths that need a live answer (see the file comment), as segment prefixes after `/api`. */
const LIVE_ONLY: readonly (readonly string[])[] = [
  ['login'],
  ['login-token'],
  ['logout'],
  ['role-by-code'],
  ['change-pass'],
  // A member's password set by the owner (docs/back-office-members.md): `*` is any one segment (the id).
  ['users', '*', 'change-pass'],
  // The answer is stored as the signed-in user (auth.tsx): a queued 202 would replace the profile with it.
  ['profile'],
  ['push'],
  ['payments', 'momo'],
  ['payments', 'vnpay'],
  ['payments', 'vietqr'],
  // A POST that is a read: it answers the export's contents (docs/api.md#endpoints), useless 202'd.
  ['giftcards', 'export'],
  // A gift card's balance and state moves (docs/back-office.md "Gift cards"): the admin reads the card's new
  // balance or state at once; a queued 202 would say "done" for a change not made yet.
  ['giftcards', '*', 'reload'],
  ['giftcards', '*', 'deactivate'],
  // The turn queue (docs/turns.md): who is next is decided now, by the ledger as it stands; a turn given later
  // from a queue would go to whoever was next then, and a queued 202 would show the desk a turn not given.
  ['pos', 'turn-system'],
  ['giftcards', '*', 'activate'],
  // Another POST that is a read: whether a group has customers, asked before a delete.
  ['customer-groups', '*', 'check-has-customer'],
  // Kiosk tokens (docs/settings.md#kiosk-tokens): an issue answers the secret, shown once, which a queued 202
  // has not; a queued revoke would say "revoked" of a token that still opens the kiosk.
  ['settings', 'kiosk-tokens'],
];

export function isLiveOnly(url: string): boolean {
  const segments = pathSegments(url);
  return LIVE_ONLY.some((prefix) =>
    prefix.every((part, i) => (part === '*' ? segments[i] !== undefined : segments[i] === part)),
  );
}

export function isWrite(method: string): boolean {
  return WRITE_METHODS.includes(method.toUpperCase());
}

export function classifyRequest(method: string, url: string): Classification {
  const upper = method.toUpperCase();
  const tags = tagsFor(url);
  if (isWrite(upper)) {
    const high = tags.includes('payment') || tags.includes('order');
    return { queue: !isLiveOnly(url), priority: high ? 'high' : 'normal', tags };
  }
  return { queue: upper === 'GET' && tags.length > 0, priority: 'low', tags };
}

/** docs/offline.md: never purged by age, never dropped without the user asking. */
export function isProtected(request: { method: string; tags: readonly QueueTag[] }): boolean {
  return isWrite(request.method) && (request.tags.includes('payment') || request.tags.includes('order'));
}
