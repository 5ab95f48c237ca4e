import { describe, expect, it } from 'vitest';
import { MANAGER_SESSION } from '../../../../machines/auth/auth.fixtures';
import { offlineQueuedNotice } from '../offline-queue/offline-fetch';
import { createMemoryStorage, saveSession } from '../storage';
import { queueContext, withNoticeValues } from './api';

describe('withNoticeValues', () => {
  it("makes the queue's notice into its translated text with the request id", () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const notice = withNoticeValues(offlineQueuedNotice('12'), (key, options) => {
      seen.push([key, options]);
      return `Guardado sin conexión: ${String(options.id)}`;
    });
    expect(notice).toEqual({ kind: 'info', code: null, message: 'Guardado sin conexión: 12' });
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

  it('passes a notice without values on untouched', () => {
    const notice = { kind: 'error' as const, code: 'api.errors.network', message: 'Unable to connect' };
    expect(withNoticeValues(notice, () => 'never')).toEqual(notice);
  });
});

describe('queueContext', () => {
  it('is the signed-in user id, and nothing when nobody is signed in', () => {
    const storage = createMemoryStorage();
    expect(queueContext(storage)).toBeUndefined();
    saveSession(MANAGER_SESSION, storage);
    expect(queueContext(storage)).toEqual({ userId: MANAGER_SESSION.user.id });
  });
});
