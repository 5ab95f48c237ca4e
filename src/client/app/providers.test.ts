import { describe, expect, it } from 'vitest';
import { offlineQueuedNotice } from '../lib/offline-queue/offline-fetch';
import { apiNoticeToast } from './providers';

describe('apiNoticeToast', () => {
  it("translates the queue's notice with its request id, the English text as the fallback", () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const toast = apiNoticeToast(offlineQueuedNotice('12'), (key, options) => {
      seen.push([key, options]);
      return `Guardado sin conexión con ID ${String(options.id)}`;
    });
    expect(toast).toEqual({ type: 'info', title: 'Guardado sin conexión con ID 12', id: 'offline.queued' });
    expect(seen).toEqual([
      [
        'offline.queued',
        {
          id: '12',
          defaultValue: 'Request saved offline with ID 12. It will sync when the connection returns.',
        },
      ],
    ]);
  });

  it('translates a notice without values by its code alone', () => {
    const toast = apiNoticeToast(
      { kind: 'error', code: 'api.errors.network', message: 'Unable to connect' },
      (key, options) => `${key}|${JSON.stringify(options)}`,
    );
    expect(toast).toEqual({
      type: 'error',
      title: 'api.errors.network|{"defaultValue":"Unable to connect"}',
      id: 'api.errors.network',
    });
  });

  it("shows the server's own text when the notice has no code", () => {
    const toast = apiNoticeToast({ kind: 'error', code: null, message: 'Store is closed.' }, () => 'never');
    expect(toast).toEqual({ type: 'error', title: 'Store is closed.', id: undefined });
  });

  it("never lets a notice's values replace its fallback text", () => {
    const toast = apiNoticeToast(
      { kind: 'info', code: 'x.y', message: 'English', params: { defaultValue: 'sneaky' } },
      (_, options) => String(options.defaultValue),
    );
    expect(toast.title).toBe('English');
  });
});
