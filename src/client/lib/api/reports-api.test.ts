import { describe, expect, it } from 'vitest';
import type { ReportQueryInput } from '../../../../machines/report/report.types';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { exportReport, fetchReport, reportFileName, reportQuery } from './reports-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { RecordedRequest } from '../../../../tests/support/client/fake-fetch';

const TODAY: ReportQueryInput = {
  period: 'today',
  custom: null,
  sort: null,
  page: 1,
  perPage: 15,
  filters: {},
};
const CUSTOM: ReportQueryInput = {
  period: 'other',
  custom: { start: '2026-01-01', end: '2026-01-07' },
  sort: '-net',
  page: 2,
  perPage: 15,
  filters: {},
};
const PAGE = { items: [], total: 0, page: 1, per_page: 15, range: {}, totals: {} };

function pathOf(request: RecordedRequest | undefined): string {
  const url = new URL(String(request?.url), 'http://x');
  return decodeURIComponent(url.pathname + url.search);
}

describe('report queries', () => {
  it('sends a named period as time_type and a custom range as other with its two days', () => {
    expect(reportQuery(TODAY)).toEqual({
      time_type: 'today',
      effective_start: null,
      effective_end: null,
      sort: null,
      page: 1,
      per_page: 15,
    });
    expect(reportQuery(CUSTOM)).toEqual({
      time_type: 'other',
      effective_start: '2026-01-01',
      effective_end: '2026-01-07',
      sort: '-net',
      page: 2,
      per_page: 15,
    });
  });

  it('names the file after the report, the period and its days', () => {
    expect(reportFileName('daily', TODAY, '2026-02-03')).toBe('daily-report-today-2026-02-03.csv');
    expect(reportFileName('customers/details', TODAY, '2026-02-03')).toBe(
      'customers-details-report-today-2026-02-03.csv',
    );
    expect(reportFileName('summary', CUSTOM, '2026-02-03')).toBe(
      'summary-report-other-2026-01-01-2026-01-07.csv',
    );
  });
});

describe('report calls', () => {
  function client(answer = () => envelope(PAGE)) {
    const fake = createFakeFetch(answer);
    const notices = createNoticeChannel();
    const seen: unknown[] = [];
    notices.subscribe((n) => seen.push(n));
    const api = createApiClient({
      fetch: fake.fetch,
      getToken: () => 'tok-1',
      loading: createLoadingStore(),
      notices,
    });
    return { api, requests: fake.requests, seen };
  }

  it('GETs /api/report/<name> with the query and the PIN approval, and answers the page', async () => {
    const { api, requests } = client();
    await expect(fetchReport('daily', CUSTOM, { client: api, pinApproval: 'ap-1' })).resolves.toEqual(PAGE);
    expect(pathOf(requests[0])).toBe(
      '/api/report/daily?time_type=other&effective_start=2026-01-01&effective_end=2026-01-07&sort=-net&page=2&per_page=15',
    );
    expect(requests[0]?.headers.get('x-pin-approval')).toBe('ap-1');
  });

  it("sends a details report's fields and the people chosen, on its nested path", async () => {
    const { api, requests } = client();
    await fetchReport(
      'customers/details',
      { ...TODAY, filters: { customer_id: '12', user_id: '3' } },
      { client: api },
    );
    expect(pathOf(requests[0])).toBe(
      '/api/report/customers/details?customer_id=12&user_id=3&time_type=today&page=1&per_page=15',
    );
  });

  it('rejects a refused report without a notice: the screen shows it', async () => {
    const { api, seen } = client(() => failure(403, 'A PIN is needed.'));
    await expect(fetchReport('summary', TODAY, { client: api })).rejects.toMatchObject({ status: 403 });
    expect(seen).toEqual([]);
  });

  it('downloads the export of the same query, without paging, with the approval', async () => {
    const fake = createFakeFetch(
      () =>
        new Response('\uFEFFdate,sales_count\n2026-01-01,3\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const saved: Array<{ text: string; name: string }> = [];
    await exportReport('daily', CUSTOM, {
      fetchImpl: fake.fetch,
      pinApproval: 'ap-2',
      today: '2026-02-03',
      // blob.text() drops the byte-order mark (TextDecoder); the file keeps it for spreadsheets.
      save: (blob, name) => void blob.text().then((text) => saved.push({ text, name })),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pathOf(fake.requests[0])).toBe(
      '/api/report/daily/export?time_type=other&effective_start=2026-01-01&effective_end=2026-01-07&sort=-net',
    );
    expect(fake.requests[0]?.headers.get('x-pin-approval')).toBe('ap-2');
    expect(saved).toEqual([
      { text: 'date,sales_count\n2026-01-01,3\n', name: 'daily-report-other-2026-01-01-2026-01-07.csv' },
    ]);
  });
});
