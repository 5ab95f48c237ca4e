import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { createNoticeChannel, keyedNotice } from './notices';
import type { ApiNotice } from './notices';

afterEach(() => {
  vi.useRealTimers();
});

const notice = (message: string): ApiNotice => ({ kind: 'error', code: null, message });

describe('notice channel', () => {
  it('delivers the last notice of a burst once, 1 s after the burst ends', () => {
    vi.useFakeTimers();
    const channel = createNoticeChannel(1000);
    const shown: string[] = [];
    channel.subscribe((n) => shown.push(n.message));
    channel.notify(notice('a'));
    vi.advanceTimersByTime(600);
    channel.notify(notice('b'));
    vi.advanceTimersByTime(999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['b']);
  });

  it('two notices far apart are both shown', () => {
    vi.useFakeTimers();
    const channel = createNoticeChannel(1000);
    const shown: string[] = [];
    channel.subscribe((n) => shown.push(n.message));
    channel.notify(notice('a'));
    vi.advanceTimersByTime(1000);
    channel.notify(notice('b'));
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual(['a', 'b']);
  });

  it('an unsubscribed listener hears nothing; flush delivers at once', () => {
    vi.useFakeTimers();
    const channel = createNoticeChannel(1000);
    const gone = vi.fn();
    const kept = vi.fn();
    channel.subscribe(gone)();
    channel.subscribe(kept);
    channel.notify(notice('a'));
    channel.flush();
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledWith(notice('a'));
  });
});

describe('notices that arrive as known English text', () => {
  it("'Offline queue is full' gets its code, so the toast speaks the reader's language", () => {
    vi.useFakeTimers();
    const channel = createNoticeChannel(1000);
    const shown: ApiNotice[] = [];
    channel.subscribe((n) => shown.push(n));
    // What the API client passes on for the queue's 507 answer (lib/offline-queue/offline-fetch.ts).
    channel.notify({ kind: 'error', code: null, message: 'Offline queue is full' });
    channel.flush();
    expect(shown).toEqual([{ kind: 'error', code: 'pwa.queue.full', message: 'Offline queue is full' }]);
  });

  it("a notice that has a code, or a text of the server's own, is passed on as it is", () => {
    vi.useFakeTimers();
    const channel = createNoticeChannel(1000);
    const shown: ApiNotice[] = [];
    channel.subscribe((n) => shown.push(n));
    channel.notify({ kind: 'error', code: null, message: 'Store is closed' });
    channel.flush();
    channel.notify({ kind: 'error', code: 'api.errors.network', message: 'Offline queue is full' });
    channel.flush();
    expect(shown.map((n) => n.code)).toEqual([null, 'api.errors.network']);
  });
});

describe('keyedNotice', () => {
  it("gives a server's code its i18n key, keeping the server's text as the fallback", async () => {
    await expect(
      keyedNotice({ kind: 'error', code: null, errorCode: ERROR_CODE.SALE_VOIDED, message: 'Voided.' }),
    ).resolves.toEqual({ kind: 'error', code: 'sale_status.voided', message: 'Voided.' });
  });

  it("leaves a code this build does not know to the server's text", async () => {
    await expect(
      keyedNotice({ kind: 'error', code: null, errorCode: 'from_a_newer_server', message: 'Newer.' }),
    ).resolves.toEqual({ kind: 'error', code: null, message: 'Newer.' });
  });

  it('passes a notice without a server code as it is', async () => {
    const plain: ApiNotice = { kind: 'info', code: 'offline.queued', message: 'Saved.', params: { id: '3' } };
    await expect(keyedNotice(plain)).resolves.toBe(plain);
  });
});
