import type { z } from 'zod';
import type { saleInvoiceSchema } from '../../../contracts/sales';
import { ACTION_MODE, printedPaymentType } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { SALE_PAYMENT_STATUS } from '../../db/schema/sales';
import { loadSaleRows } from '../sales/read';
import type { SaleStore } from '../sales/store';
import { requireMode } from './status';

export async function saleInvoice(
  db: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
): Promise<z.infer<typeof saleInvoiceSchema>> {
  const loaded = await loadSaleRows(db, auth, saleId);
  requireMode(loaded.sale, ACTION_MODE.INVOICE, now, store.timezone);
  const printed = new Map<number, number>();
  for (const p of loaded.payments) {
    if (p.status === SALE_PAYMENT_STATUS.VOIDED || p.status === SALE_PAYMENT_STATUS.DECLINED) continue;
    const type = printedPaymentType(p.payment_type);
    printed.set(type, (printed.get(type) ?? 0) + p.payment_amount + p.tip_amount);
  }
  return {
    sale: loaded.detail,
    store: {
      id: store.id,
      code: store.code,
      name: store.name,
      timezone: store.timezone,
      currency: store.currency,
      receipt: store.receipt,
    },
    printed_payments: [...printed].map(([payment_type, amount]) => ({ payment_type, amount })),
  };
}
