/**
 * The auth calls (docs/api.md#endpoints "Auth"; src/contracts/auth.ts; ADR 006). Thin: they name the path,
 * the options each call needs and the contract types; the auth and PIN machines get them as actors through
 * src/client/app.
 *
 * Login and login-with-token are anonymous (their 401 means "wrong password" or "that session is over", not
 * "log this till out"), and no call here raises a notice: the login form and the PIN pad show their own errors.
 */
import type { z } from 'zod';
import type {
  AuthUser,
  InitialSettings,
  LoginBody,
  LoginResponse,
  changePasswordResponseSchema,
  initialProfileSchema,
  roleByCodeResponseSchema,
} from '../../../contracts/auth';
import { api } from './api';
import type { ApiClient } from './client';

export type RoleByCodeResponse = z.infer<typeof roleByCodeResponseSchema>;
export type InitialProfile = z.infer<typeof initialProfileSchema>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

export function login(body: LoginBody, { signal, client = api }: CallOptions = {}): Promise<LoginResponse> {
  return client.post<LoginResponse>('/login', { ...body }, { anonymous: true, skipNotice: true, signal });
}

export function loginWithToken(
  token: string,
  { signal, client = api }: CallOptions = {},
): Promise<LoginResponse> {
  return client.post<LoginResponse>(
    '/login-token',
    { token },
    { anonymous: true, skipNotice: true, skipLoading: true, signal },
  );
}

export function logout({ signal, client = api }: CallOptions = {}): Promise<null> {
  return client.post<null>('/logout', null, { skipNotice: true, signal });
}

export function checkPin(
  code: string,
  { signal, client = api }: CallOptions = {},
): Promise<RoleByCodeResponse> {
  return client.post<RoleByCodeResponse>('/role-by-code', { code }, { skipNotice: true, signal });
}

export interface ProfileFields {
  first_name: string;
  last_name: string;
  /** '' clears it. */
  email: string;
  /** '' clears it. */
  phone: string;
}

/** POST /api/profile as multipart (docs/api.md#endpoints "POST profile update (multipart)"), with the avatar file if one. */
export function updateProfile(
  fields: ProfileFields,
  avatar: Blob | null,
  { signal, client = api }: CallOptions = {},
): Promise<AuthUser> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (avatar) form.append('avatar', avatar, avatar instanceof File ? avatar.name : 'avatar');
  return client.post<AuthUser>('/profile', form, { skipNotice: true, signal });
}

export function changePassword(
  body: { current_password: string; new_password: string },
  { signal, client = api }: CallOptions = {},
): Promise<ChangePasswordResponse> {
  return client.post<ChangePasswordResponse>('/change-pass', { ...body }, { skipNotice: true, signal });
}

export function getInitialSettings({ signal, client = api }: CallOptions = {}): Promise<InitialSettings> {
  return client.get<InitialSettings>('/initial-settings', { signal });
}

export function getInitialProfile({ signal, client = api }: CallOptions = {}): Promise<InitialProfile> {
  return client.get<InitialProfile>('/store-settings/initial-profile', { signal });
}
