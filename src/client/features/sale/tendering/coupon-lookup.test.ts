import { describe, expect, it } from 'vitest';
import type { PosCoupon } from '../../../../contracts/coupons';
import { ApiError } from '../../../lib/api/api-error';
import type { ApiClient } from '../../../lib/api/client';
import { findCoupon } from './coupon-lookup';

const COUPON = { id: 7, code: 'SPRING15' } as PosCoupon;

/** A client whose `get` records its calls and answers with `answer` (or throws it). */
function client(answer: unknown, fail = false) {
  const calls: unknown[][] = [];
  const get = (...args: unknown[]) => {
    calls.push(args);
    return fail ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { calls, client: { get } as unknown as Pick<ApiClient, 'get'> };
}

describe('findCoupon', () => {
  it('looks the code up as the server stores it, with the sale customer named', async () => {
    const { calls, client: c } = client(COUPON);
    expect(await findCoupon(' spring 15! ', 42, undefined, c)).toEqual([COUPON]);
    expect(calls[0]![0]).toBe('/pos/coupons/SPRING15');
    expect(calls[0]![1]).toMatchObject({ query: { customer_id: 42 }, skipNotice: true });
    await findCoupon('spring15', null, undefined, c);
    expect(calls[1]![1]).not.toHaveProperty('query');
  });

  it('finds nothing for a code of symbols without asking, and for a code the salon does not have', async () => {
    const blank = client(COUPON);
    expect(await findCoupon(' !! ', null, undefined, blank.client)).toEqual([]);
    expect(blank.calls).toEqual([]);
    const missing = client(new ApiError({ status: 404, message: 'Coupon not found.' }), true);
    expect(await findCoupon('NOPE', null, undefined, missing.client)).toEqual([]);
  });

  it('lets a failed lookup fail, so the chart can say so and retry', async () => {
    const down = client(new ApiError({ status: 503, message: 'Down' }), true);
    await expect(findCoupon('SPRING15', null, undefined, down.client)).rejects.toBeInstanceOf(ApiError);
  });
});
