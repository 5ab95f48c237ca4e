import { describe, expect, it } from 'vitest';
import { fetchTranslation, resolveLanguage } from './i18n';

function fakeFetch(statuses: Array<number | Error>) {
  const calls: string[] = [];
  const fetchImpl = async (url: string) => {
    calls.push(url);
    const next = statuses.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return { status: next, text: async () => (next === 200 ? '{"ok":"OK"}' : 'error page') };
  };
  return { calls, fetchImpl };
}

function recordSleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('translation loading (001 §8)', () => {
  it('retries a server error up to 5 times, first after 350 ms, each wait doubling', async () => {
    const { calls, fetchImpl } = fakeFetch([503, 500, 502, 200]);
    const { waits, sleep } = recordSleeps();
    const res = await fetchTranslation('/locales/vi/common.json', fetchImpl, sleep);
    expect(res).toEqual({ status: 200, data: '{"ok":"OK"}' });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([350, 700, 1400]);
  });

  it('gives up after 5 retries and answers with the last response', async () => {
    const { calls, fetchImpl } = fakeFetch([500, 500, 500, 500, 500, 500, 200]);
    const { waits, sleep } = recordSleeps();
    const res = await fetchTranslation('/x', fetchImpl, sleep);
    expect(res.status).toBe(500);
    expect(calls).toHaveLength(6);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('never retries a 4xx', async () => {
    const { calls, fetchImpl } = fakeFetch([404, 200]);
    const { waits, sleep } = recordSleeps();
    expect((await fetchTranslation('/x', fetchImpl, sleep)).status).toBe(404);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a network failure (no status), and rejects with it when retries are spent', async () => {
    const offline = new TypeError('Failed to fetch');
    const { fetchImpl } = fakeFetch([offline, 200]);
    expect((await fetchTranslation('/x', fetchImpl, recordSleeps().sleep)).status).toBe(200);
    const always = fakeFetch(Array.from({ length: 6 }, () => offline));
    await expect(fetchTranslation('/x', always.fetchImpl, recordSleeps().sleep)).rejects.toBe(offline);
    expect(always.calls).toHaveLength(6);
  });
});

describe('language choice', () => {
  it("prefers this device's choice, then the store's language, then en", () => {
    expect(resolveLanguage('vi', 'es')).toBe('vi');
    expect(resolveLanguage(null, 'thai')).toBe('thai');
    expect(resolveLanguage('xx', 'kr')).toBe('kr');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
    expect(resolveLanguage(null, 'fr')).toBe('en');
  });
});
