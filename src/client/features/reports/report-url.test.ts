import { describe, expect, it } from 'vitest';
import { detailsHref, readReportUrl } from './report-url';

describe('report addresses', () => {
  it('links a row to its details on the period shown', () => {
    expect(
      detailsHref(
        '/pos/report/customer/details',
        { period: 'last_week', custom: null },
        { customer_id: '12' },
      ),
    ).toBe('/pos/report/customer/details?time_type=last_week&customer_id=12');
    expect(
      detailsHref(
        '/pos/report/daily/details',
        { period: 'other', custom: { start: '2026-11-01', end: '2026-11-30' } },
        { date: '2026-11-05' },
      ),
    ).toBe(
      '/pos/report/daily/details?time_type=other&effective_start=2026-11-01&effective_end=2026-11-30&date=2026-11-05',
    );
  });

  it('reads back what a link wrote, and only the fields the report takes', () => {
    const href = detailsHref(
      '/x',
      { period: 'other', custom: { start: '2026-11-01', end: '2026-11-30' } },
      { customer_id: '12', other: 'no' },
    );
    expect(readReportUrl(new URL(href, 'http://h').searchParams, ['customer_id', 'user_id'])).toEqual({
      custom: { start: '2026-11-01', end: '2026-11-30' },
      filters: { customer_id: '12' },
    });
    expect(readReportUrl(new URLSearchParams('time_type=this_month&user_id=3'), ['user_id'])).toEqual({
      period: 'this_month',
      filters: { user_id: '3' },
    });
  });

  it('opens on today when the period in the address is not one', () => {
    for (const query of [
      'time_type=yesterday',
      'time_type=other&effective_start=2026-11-30&effective_end=2026-11-01',
      'time_type=other&effective_start=2026-02-30&effective_end=2026-03-01',
      'time_type=other',
      'user_id=%20',
    ]) {
      expect(readReportUrl(new URLSearchParams(query), ['user_id'])).toEqual({ filters: {} });
    }
  });
});
