/**
 * The card payments taken offline that the till still holds unsynced (docs/offline.md): the
 * credit payments marked payment_info.offline in the sale and payment writes of the request queue. Their sum
 * is what the store's offline_card_limit_total bounds (domain offline-card.ts), and their ages tell the
 * cashier how long a card approval has been waiting.
 *
 * Which requests count: every protected write still in the queue (classify.ts isProtected: a write tagged
 * order or payment), whatever its status. A sent request is deleted from the queue, so pending, in-flight
 * and failed ones are all not yet on the server; a failed sale is still a card charged offline.
 * Which payments: a body's `payments` array (POST /api/pos/sales, /api/pos/sales/:id, /api/payments/sale
 * all carry one, contracts/sales.ts and payments.ts) whose entries are credit (type 2), marked offline, with
 * a positive whole amount. A body that is not JSON, or bytes, holds no card payment (multipart is never a
 * sale): it is skipped, not an error, so one odd request cannot hide the others.
 */
import { PAYMENT_TYPE } from '../../../domain/constants';
import type { Minor } from '../../../domain/order.types';
import { isProtected } from './classify';
import type { QueuedRequest } from './queue-db';
import { defaultRequestQueue } from './request-queue';
import type { RequestQueue } from './request-queue';

export interface UnsyncedOfflineCard {
  /** The queued request that carries it (the sync panel's id). */
  requestId: number;
  amount: Minor;
  /** When it was taken (ms since the epoch): payment_info.taken_at, else when its request was queued. */
  takenAt: number;
}

export interface UnsyncedOfflineCards {
  /** Σ amounts: what offline_card_limit_total is measured against. */
  total: Minor;
  /** Oldest first. */
  payments: UnsyncedOfflineCard[];
}

export const NO_UNSYNCED_OFFLINE_CARDS: UnsyncedOfflineCards = { total: 0, payments: [] };

interface BodyPayment {
  payment_type?: unknown;
  payment_amount?: unknown;
  payment_info?: { offline?: unknown; taken_at?: unknown } | null;
}

function paymentsOfBody(body: QueuedRequest['body']): BodyPayment[] {
  if (typeof body !== 'string' || body === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || !('payments' in parsed)) return [];
  const { payments } = parsed as { payments: unknown };
  return Array.isArray(payments)
    ? payments.filter((p): p is BodyPayment => typeof p === 'object' && p !== null)
    : [];
}

function takenAtOf(payment: BodyPayment, request: QueuedRequest): number {
  const taken = payment.payment_info?.taken_at;
  const at = typeof taken === 'string' ? Date.parse(taken) : Number.NaN;
  return Number.isFinite(at) ? at : request.timestamp;
}

/** The offline card payments one queued request carries (none for anything but a sale or payment write). */
export function offlineCardsOfRequest(request: QueuedRequest): UnsyncedOfflineCard[] {
  if (!isProtected(request)) return [];
  const found: UnsyncedOfflineCard[] = [];
  for (const payment of paymentsOfBody(request.body)) {
    const amount = payment.payment_amount;
    if (payment.payment_type !== PAYMENT_TYPE.CREDIT || payment.payment_info?.offline !== true) continue;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) continue;
    found.push({ requestId: request.id, amount, takenAt: takenAtOf(payment, request) });
  }
  return found;
}

/** The unsynced offline card payments of a queue's requests: their sum and each one, oldest first. */
export function summariseOfflineCards(requests: readonly QueuedRequest[]): UnsyncedOfflineCards {
  const payments = requests.flatMap(offlineCardsOfRequest).sort((a, b) => a.takenAt - b.takenAt);
  let total = 0;
  for (const payment of payments) total += payment.amount;
  return payments.length === 0 ? NO_UNSYNCED_OFFLINE_CARDS : { total, payments };
}

/** Reads the queue (default: the app's) and sums the offline card payments not yet synced. */
export async function readUnsyncedOfflineCards(
  queue: Pick<RequestQueue, 'list'> = defaultRequestQueue(),
): Promise<UnsyncedOfflineCards> {
  return summariseOfflineCards(await queue.list());
}
