/**
 * The coupon a cashier types, looked up as it is typed (GET /api/pos/coupons/{code}, docs/back-office.md
 * "Coupons"): the generic find-as-you-type chart (machines/finder) with its real `find`. A code the salon does
 * not have is no result (the server's 404); a failed lookup is the chart's failure, and the sale still checks
 * the coupon when it is completed.
 */
import { fromPromise } from 'xstate';
import { createFinderMachine } from '../../../../../machines/finder/finder.machine';
import { couponCodeOf } from '../../../../contracts/coupons';
import type { PosCoupon } from '../../../../contracts/coupons';
import { api } from '../../../lib/api/api';
import { ApiError } from '../../../lib/api/api-error';
import type { ApiClient } from '../../../lib/api/client';

/** The coupon of `typed` for the sale's customer (their uses counted when one is named), or none. */
export async function findCoupon(
  typed: string,
  customerId: number | null,
  signal?: AbortSignal,
  client: Pick<ApiClient, 'get'> = api,
): Promise<PosCoupon[]> {
  const code = couponCodeOf(typed);
  if (code === '') return [];
  try {
    const coupon = await client.get<PosCoupon>(`/pos/coupons/${encodeURIComponent(code)}`, {
      ...(customerId !== null ? { query: { customer_id: customerId } } : {}),
      skipNotice: true,
      signal,
    });
    return [coupon];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The finder chart looking coupons up; `customerId` is read when each lookup starts (the sale's customer). */
export function couponFinder(customerId: () => number | null) {
  return createFinderMachine<PosCoupon>().provide({
    actors: { find: fromPromise(({ input, signal }) => findCoupon(input.query, customerId(), signal)) },
  });
}
