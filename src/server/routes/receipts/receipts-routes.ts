/**
 * The public receipt (docs/sales.md#receipts "/pos/receipts/:id (receipt)" is public; ADR 007).
 * Service: src/server/services/receipts.ts. Schemas: src/contracts/receipts.ts.
 *
 * No session: whoever holds the link (the customer, a reprint from sale management) reads the receipt. The
 * link's uuid is the sale's random client uuid; the answer holds only what the paper receipt prints.
 */
import type { FastifyInstance } from 'fastify';
import { receiptParamsSchema, receiptSchema } from '../../../contracts/receipts';
import { route } from '../../route';
import { publicReceipt, RECEIPT_RATE_LIMIT } from '../../services/receipts';

export function registerReceiptRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/receipts/:uuid',
    summary: 'The receipt of a completed sale by its uuid: what the printed receipt shows, nothing more',
    description:
      'Public (no session), rate-limited per client address. 404 "Receipt not found." for an unknown or ' +
      'malformed uuid, a draft, a trashed or a cleared sale. Momo, VnPay and VietQr payments print as Cash.',
    tags: ['receipts'],
    // Reviewed as public (ADR 007): the unguessable uuid is the key, and the data is the paper receipt's.
    access: { public: true },
    config: { rateLimit: RECEIPT_RATE_LIMIT },
    params: receiptParamsSchema,
    data: receiptSchema,
    handler: async ({ params, db, reply }) => {
      // A void or refund must show on the next open, and a customer's name should not sit in shared caches;
      // the page is a private link, not something for search engines.
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return publicReceipt(db, params.uuid, new Date());
    },
  });
}
