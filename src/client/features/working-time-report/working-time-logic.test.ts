import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api/client';
import { createLoadingStore } from '../../lib/api/loading';
import { createNoticeChannel } from '../../lib/api/notices';
import { createFakeFetch, envelope } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import { loadReport, submitCorrection } from './working-time-logic';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

const url = (raw: string | undefined) => new URL(raw ?? '', 'http://till');

const day = {
  user_id: 7,
  name: 'Mai',
  date_work: '2026-11-20',
  shifts: [],
  worked_minutes: 0,
  break_minutes: 0,
};
const write = {
  userId: 7,
  dateWork: '2026-11-20',
  shifts: [{ check_in_at: '2026-11-20T14:00:00.000Z', check_out_at: null, breaks: [] }],
  reason: 'Forgot to clock out',
  approval: 'approval-token',
  idempotencyKey: 'key-1',
};

describe('working-time calls', () => {
  it('reads the summary and the shifts of the range, the shifts on one large page', async () => {
    const { client, requests } = fake((r) =>
      url(r.url).pathname.endsWith('/report-summary')
        ? envelope({ date_from: '2026-11-01', date_to: '2026-11-27', employees: [], totals: {} })
        : envelope({ items: [], total: 0, page: 1, per_page: 200 }),
    );
    const report = await loadReport({ from: '2026-11-01', to: '2026-11-27' }, undefined, client);
    expect(report.shifts.per_page).toBe(200);
    const asked = requests.map((r) => [url(r.url).pathname, Object.fromEntries(url(r.url).searchParams)]);
    expect(asked).toEqual([
      ['/api/report/working-times/report-summary', { date_range: '2026-11-01,2026-11-27' }],
      ['/api/report/working-times', { date_range: '2026-11-01,2026-11-27', per_page: '200' }],
    ]);
  });

  it("posts a correction to the day's address with the approval and the intent's key", async () => {
    const { client, requests } = fake(() => envelope(day));
    await submitCorrection({ ...write, mode: 'correct' }, undefined, client);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(url(request?.url).pathname).toBe('/api/report/working-times/details-in-date/7/2026-11-20');
    expect(request?.headers.get('x-pin-approval')).toBe('approval-token');
    expect(request?.headers.get('idempotency-key')).toBe('key-1');
    expect(JSON.parse(String(request?.body))).toEqual({ shifts: write.shifts, reason: write.reason });
  });

  it('deletes a day by user_id, date_work and reason in the query', async () => {
    const { client, requests } = fake(() => envelope(day));
    await submitCorrection({ ...write, mode: 'delete' }, undefined, client);
    const [request] = requests;
    expect(request?.method).toBe('DELETE');
    expect(url(request?.url).pathname).toBe('/api/report/working-times');
    expect(Object.fromEntries(url(request?.url).searchParams)).toEqual({
      user_id: '7',
      date_work: '2026-11-20',
      reason: 'Forgot to clock out',
    });
    expect(request?.headers.get('x-pin-approval')).toBe('approval-token');
  });
});
