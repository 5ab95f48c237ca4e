import { describe, expect, it } from 'vitest';
import { aDashboard } from '../../../../machines/dashboard/dashboard.fixtures';
import { DASHBOARD_DETAILS_PATH, DASHBOARD_SUMMARY_PATH } from '../../../contracts/dashboard';
import { createApiClient } from './client';
import { DASHBOARD_PATHS, fetchDashboard } from './dashboard-api';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';

const data = aDashboard(3);

function client(answer: (url: string) => Response) {
  const fake = createFakeFetch((request) => answer(String(request.url)));
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

describe('dashboard calls', () => {
  it("names the contract's paths", () => {
    expect(`/api${DASHBOARD_PATHS.summary}`).toBe(DASHBOARD_SUMMARY_PATH);
    expect(`/api${DASHBOARD_PATHS.details}`).toBe(DASHBOARD_DETAILS_PATH);
  });

  it('GETs the summary and the details of the period, with no PIN approval, and answers both', async () => {
    const { api, requests } = client((url) =>
      envelope(url.includes('income-summary') ? data.summary : data.details),
    );
    await expect(fetchDashboard({ period: 'this_week' }, { client: api })).resolves.toEqual(data);
    const paths = requests.map((r) => {
      const url = new URL(String(r.url), 'http://x');
      return url.pathname + url.search;
    });
    expect(paths.sort()).toEqual([
      '/api/report/dashboard/income-details?time_type=this_week',
      '/api/report/dashboard/income-summary?time_type=this_week',
    ]);
    expect(requests.every((r) => r.headers.get('x-pin-approval') === null)).toBe(true);
  });

  it('rejects a refused load without a notice: the screen shows it', async () => {
    const { api, seen } = client(() => failure(403, 'No.'));
    await expect(fetchDashboard({ period: 'today' }, { client: api })).rejects.toMatchObject({ status: 403 });
    expect(seen).toEqual([]);
  });
});
