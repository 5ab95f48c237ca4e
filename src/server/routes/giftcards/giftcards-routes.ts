/**
 * POS gift card reads (docs/sales.md#the-sale-screen sale screen; docs/api.md#endpoints pos/giftcards/{id},
 * pos/giftcards/{id}/histories). Services: src/server/services/giftcards.ts. Schemas:
 * src/contracts/giftcards.ts.
 *
 * Access: Sale readable, not the Gift card module: the cashier checks a card while taking a payment, and the
 * Gift card module is the admin's back-office screen (docs/roles.md#access-rules).
 */
import { SALE_READ } from '../../auth/access';
import type { FastifyInstance } from 'fastify';
import { pageSchema } from '../../../contracts/envelope';
import {
  giftcardHistoryQuery,
  giftcardHistorySchema,
  giftcardParams,
  giftcardSchema,
} from '../../../contracts/giftcards';
import { requireAuth } from '../../auth-context';
import { route } from '../../route';
import { getGiftcard, listGiftcardHistories } from '../../services/giftcards';

const TAGS = ['pos'];

export function registerGiftcardRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/giftcards/:id',
    summary: 'A gift card by number (as typed or scanned) or id: balance, state, customer',
    tags: TAGS,
    access: SALE_READ,
    params: giftcardParams,
    data: giftcardSchema,
    handler: ({ db, params, request }) => getGiftcard(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/giftcards/:id/histories',
    summary: "A gift card's balance history, newest first (filter kind, sale_id, date_from, date_to)",
    tags: TAGS,
    access: SALE_READ,
    params: giftcardParams,
    querystring: giftcardHistoryQuery,
    data: pageSchema(giftcardHistorySchema),
    handler: ({ db, params, query, request }) =>
      listGiftcardHistories(db, requireAuth(request), params.id, query),
  });
}
