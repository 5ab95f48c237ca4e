import { describe, expect, it } from 'vitest';
import { MANAGER_SESSION } from '../../../../tests/support/machines/auth-session';
import { createMemoryStorage, saveSession } from '../storage';
import { queueContext } from './api';

describe('queueContext', () => {
  it('is the signed-in user id, and nothing when nobody is signed in', () => {
    const storage = createMemoryStorage();
    expect(queueContext(storage)).toBeUndefined();
    saveSession(MANAGER_SESSION, storage);
    expect(queueContext(storage)).toEqual({ userId: MANAGER_SESSION.user.id });
  });
});
