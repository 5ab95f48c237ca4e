import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { SALE_STATUS_ERROR, saleStatusError } from '../../../domain/sale-status';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleStatusRefused } from '../../errors';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { lockSale } from './status';
import type { ApproverSource } from './status';
import { restoreSale, trashSale } from './trash';
import { completeDraft } from './complete';
import { voidSale } from './void';
import { refundSale } from './refund';

/**
 * POST /status: the target status as a move of the machine. 1: complete a draft, or restore a trashed sale
 * that was a Sale; 2: full refund; 3: void; 4: restore a trashed draft (no other way leads to Draft); 9: trash.
 * Refund, void and trash need the PIN approval (asked for before the machine, like any permission).
 */
export async function setSaleStatus(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  target: SaleStatus,
  approverOf: ApproverSource,
  reason: string | undefined,
  now: Date,
): Promise<SaleRow> {
  const current = await lockSale(tx, auth, saleId);
  switch (target) {
    case SALE_STATUS.SALE:
      return current.status === SALE_STATUS.TRASH
        ? restoreSale(tx, auth, store, saleId, now, SALE_STATUS.SALE)
        : completeDraft(tx, auth, store, saleId, now);
    case SALE_STATUS.DRAFT:
      if (current.status === SALE_STATUS.TRASH)
        return restoreSale(tx, auth, store, saleId, now, SALE_STATUS.DRAFT);
      throw saleStatusRefused(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED));
    case SALE_STATUS.REFUND: {
      const approver = await approverOf();
      return (await refundSale(tx, auth, store, saleId, { reason }, approver, now)).sale;
    }
    case SALE_STATUS.VOID:
      return voidSale(tx, auth, store, saleId, await approverOf(), reason, now);
    case SALE_STATUS.TRASH:
      return trashSale(tx, auth, store, saleId, await approverOf(), reason, now);
  }
}
