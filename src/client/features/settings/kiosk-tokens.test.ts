import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { IssuedKioskToken, KioskToken } from '../../../contracts/kiosk';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import { createApiClient } from '../../lib/api/client';
import { createNoticeChannel } from '../../lib/api/notices';
import {
  issueTokenLogic,
  kioskAddresses,
  kioskTokenErrorKeys,
  kioskTokenListLogic,
  labelIssues,
  revokeTokenLogic,
  tokenState,
} from './kiosk-tokens';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({ fetch: f.fetch, getToken: () => 't', notices: createNoticeChannel() });
  return { client, requests: f.requests };
}

const token: KioskToken = {
  id: 4,
  store_id: 1,
  store_name: 'Demo',
  label: 'Door iPad',
  hint: 'x9Qa',
  created_at: '2026-11-27T10:00:00.000Z',
  created_by: { id: 2, name: 'Olivia' },
  last_used_at: null,
  revoked_at: null,
};
const issued: IssuedKioskToken = { ...token, token: 'secret-x9Qa' };

const error = (over: Partial<ResourceError>): ResourceError => ({
  kind: 'server',
  status: 500,
  code: null,
  message: 'Server error.',
  fieldErrors: null,
  inUse: null,
  ...over,
});

describe('the label', () => {
  it('is checked with the contract rule: required, at most 60 characters', () => {
    expect(labelIssues('Door iPad')).toEqual({});
    expect(labelIssues('   ').label?.[0]?.code).toBe('too_small');
    expect(labelIssues('x'.repeat(61)).label?.[0]?.code).toBe('too_big');
  });
});

describe('kiosk addresses and states', () => {
  it('opens the kiosk with every step shown, and the review page, for the store', () => {
    expect(kioskAddresses(7, 'https://till.example')).toEqual({
      signIn: 'https://till.example/pos/walk-in/sign-in/7/1/1/1',
      review: 'https://till.example/pos/walk-in/review/7',
    });
  });

  it('calls a token revoked once it has a revoke time', () => {
    expect(tokenState(token)).toBe('active');
    expect(tokenState({ ...token, revoked_at: '2026-11-27T11:00:00.000Z' })).toBe('revoked');
  });
});

describe('failure words', () => {
  it('picks by code first, then the app map, then the kind, then a plain retry', () => {
    expect(kioskTokenErrorKeys(error({ kind: 'notFound', status: 404, code: 'not_found' }))).toEqual([
      'admin-settings:kiosks.errors.not_found',
      'common:apiError.not_found',
      'admin-settings:kiosks.errors.notFound',
      'admin-settings:kiosks.errors.generic',
    ]);
    expect(kioskTokenErrorKeys(error({ kind: 'offline', status: 0 }))).toEqual([
      'admin-settings:kiosks.errors.offline',
      'admin-settings:kiosks.errors.generic',
    ]);
    expect(kioskTokenErrorKeys(error({ code: 'internal_error' }))).toEqual([
      'common:apiError.internal_error',
      'admin-settings:kiosks.errors.generic',
    ]);
  });
});

describe('the kiosk token charts', () => {
  it('lists the tokens, and reads them again from the server on reload', async () => {
    let answer: KioskToken[] = [token];
    const { client, requests } = fake(() => envelope(answer));
    const actor = createActor(kioskTokenListLogic(client), { input: { id: 1 } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.record).toEqual([token]);
    answer = [{ ...token, revoked_at: '2026-11-27T11:00:00.000Z' }];
    actor.send({ type: 'reload' });
    await waitFor(
      actor,
      (s) => s.matches('shown') && s.context.record !== null && s.context.record[0]?.revoked_at !== null,
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/settings/kiosk-tokens',
      'GET /api/settings/kiosk-tokens',
    ]);
  });

  it('issues a token for the store with the label trimmed and hands the secret over once', async () => {
    const { client, requests } = fake(() => envelope(issued, 201));
    const got: IssuedKioskToken[] = [];
    const actor = createActor(
      issueTokenLogic(1, (t) => got.push(t), client),
      { input: { values: { label: '' } } },
    ).start();
    actor.send({ type: 'submit', idempotencyKey: 'key-0' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.fieldErrors.label?.[0]?.code).toBe('too_small');
    expect(requests).toHaveLength(0);

    actor.send({ type: 'field.change', name: 'label', value: '  Door iPad ' });
    actor.send({ type: 'submit', idempotencyKey: 'key-1' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(got).toEqual([issued]);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/settings/kiosk-tokens');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ store_id: 1, label: 'Door iPad' });
  });

  it('revokes with one key across a retry of the same intent, then says so', async () => {
    let calls = 0;
    const { client, requests } = fake(() =>
      ++calls === 1
        ? failure(500, 'Server error.')
        : envelope({ ...token, revoked_at: '2026-11-27T11:00:00.000Z' }),
    );
    let revoked = 0;
    const actor = createActor(
      revokeTokenLogic(4, () => revoked++, client),
      { input: { values: {} } },
    ).start();
    actor.send({ type: 'submit', idempotencyKey: 'key-a' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.kind).toBe('server');
    actor.send({ type: 'submit', idempotencyKey: 'key-b' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(revoked).toBe(1);
    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers.get('idempotency-key')}`)).toEqual([
      'DELETE /api/settings/kiosk-tokens/4 key-a',
      'DELETE /api/settings/kiosk-tokens/4 key-a',
    ]);
  });
});
