/**
 * The address of a sale's receipt page (docs/sales.md#receipts "/pos/receipts/:id", public; ADR 007): what
 * the sale screen opens after a sale and what sale management links to for a reprint. The id is the sale's
 * client uuid, never its numeric id: the page is public, and only the random uuid is unguessable.
 */
export const RECEIPT_ROUTE = '/pos/receipts/:id';

export function receiptPath(uuid: string): string {
  return RECEIPT_ROUTE.replace(':id', encodeURIComponent(uuid));
}
