import { describe, expect, it } from 'vitest';
import { changePassword, checkPin, login, loginWithToken, logout, updateProfile } from './auth-api';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { createFakeFetch, envelope } from '../../../../tests/support/client/fake-fetch';

function fake() {
  const f = createFakeFetch(() => envelope({ ok: true }));
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

describe('auth calls', () => {
  it('login posts the credentials and tenant without a token', async () => {
    const { client, requests } = fake();
    await login({ username: 'owner', password: 'demo1234', tenant: 'DEMO' }, { client });
    expect(requests[0]?.url).toBe('/api/login');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({
      username: 'owner',
      password: 'demo1234',
      tenant: 'DEMO',
    });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.headers.has('idempotency-key')).toBe(true);
  });

  it('login with a token sends it in the body, not as a bearer', async () => {
    const { client, requests } = fake();
    await loginWithToken('tok-9', { client });
    expect(requests[0]?.url).toBe('/api/login-token');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ token: 'tok-9' });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('logout and the PIN check go with the session token', async () => {
    const { client, requests } = fake();
    await logout({ client });
    await checkPin('3333', { client });
    expect(requests.map((r) => r.url)).toEqual(['/api/logout', '/api/role-by-code']);
    expect(requests.every((r) => r.headers.get('authorization') === 'Bearer tok-1')).toBe(true);
    expect(JSON.parse(String(requests[1]?.body))).toEqual({ code: '3333' });
  });

  it('a profile update is multipart with the avatar file', async () => {
    const { client, requests } = fake();
    const avatar = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await updateProfile({ first_name: 'Ann', last_name: 'Lee', email: '', phone: '555' }, avatar, { client });
    const body = requests[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('first_name')).toBe('Ann');
    expect(body.get('email')).toBe('');
    expect((body.get('avatar') as File).name).toBe('me.png');
  });

  it('change password posts the current and the new password', async () => {
    const { client, requests } = fake();
    await changePassword({ current_password: 'a', new_password: 'b' }, { client });
    expect(requests[0]?.url).toBe('/api/change-pass');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ current_password: 'a', new_password: 'b' });
  });
});
