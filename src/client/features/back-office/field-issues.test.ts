import { describe, expect, it } from 'vitest';
import { createCouponBody } from '../../../contracts/coupons';
import { toFieldIssues } from './field-issues';

describe('field issues of a resource form', () => {
  it('words a rule across fields by its own code, and an empty required field as required', () => {
    const result = createCouponBody.safeParse({
      code: '!!!',
      discount_type: '0',
      discount_value: '150',
      starts_at: '2026-12-10',
      ends_at: '2026-12-01',
    });
    expect(result.success).toBe(false);
    const issues = toFieldIssues(result.error!.issues);
    expect(issues.discount_value?.map((i) => i.code)).toEqual(['percent_range']);
    expect(issues.ends_at?.map((i) => i.code)).toEqual(['period_order']);
    expect(issues.code?.map((i) => i.code)).toEqual(['required']);
  });
});
