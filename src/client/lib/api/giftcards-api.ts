/**
 * The POS gift card reads (docs/sales.md#the-sale-screen sale screen "GET gift card details by {id}; GET gift
 * card histories by giftcard_id with params"; docs/api.md#endpoints pos/giftcards/{id},
 * pos/giftcards/{id}/histories; src/contracts/giftcards.ts). `{id}` is the card's number as typed or scanned
 * (the server tries the number first, then a numeric id).
 *
 * No notice on the lookup: an unknown card is an answer the tendering panel shows next to the number field.
 * No zod at run time (as sale-api.ts): the types are shared, the server validated what it sends.
 */
import type { Page } from '../../../contracts/envelope';
import type {
  GIFTCARD_HISTORY_KIND_VALUES,
  GiftcardHistoryView,
  GiftcardView,
} from '../../../contracts/giftcards';
import { api } from './api';
import type { ApiClient } from './client';

export interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

/** The history query as sent (the contract's input side: `sort` is the string the server parses). */
export interface GiftcardHistoryParams {
  page?: number;
  per_page?: number;
  /** `created_at`, `-created_at`, `amount`, `-amount`; default newest first. */
  sort?: string;
  filter?: {
    kind?: (typeof GIFTCARD_HISTORY_KIND_VALUES)[number];
    sale_id?: number;
    /** UTC dates YYYY-MM-DD, inclusive. */
    date_from?: string;
    date_to?: string;
  };
}

function giftcardPath(numberOrId: string | number): string {
  return `/pos/giftcards/${encodeURIComponent(String(numberOrId))}`;
}

/** GET /api/pos/giftcards/:id: balance, state and holder of a card. */
export function getGiftcard(
  numberOrId: string | number,
  { signal, client = api }: CallOptions = {},
): Promise<GiftcardView> {
  return client.get<GiftcardView>(giftcardPath(numberOrId), { skipNotice: true, signal });
}

/** GET /api/pos/giftcards/:id/histories: the card's balance history, newest first, one page. */
export function getGiftcardHistories(
  numberOrId: string | number,
  query: GiftcardHistoryParams = {},
  { signal, client = api }: CallOptions = {},
): Promise<Page<GiftcardHistoryView>> {
  return client.get<Page<GiftcardHistoryView>>(`${giftcardPath(numberOrId)}/histories`, {
    query: { ...query, filter: { ...query.filter } },
    signal,
  });
}
