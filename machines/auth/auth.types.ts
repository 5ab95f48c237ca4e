import type { AuthUser, InitialSettings, LoginResponse } from '../../src/contracts/auth';

/** The session as the server sent it at login (docs/security.md#sessions auth record). */
export type AuthSession = LoginResponse;

/**
 * What an actor rejects with: the client's ApiError has this shape (status 0 = never reached the server;
 * `kind` says network, timeout or aborted). Machines read the shape, never the class.
 */
export interface RequestFailure {
  status: number;
  kind?: string;
  message: string;
  errors?: Record<string, string[]>;
  retryAfter?: number;
}

/** One field's problem: `code` is the i18n key (null when only the server's text is known), `message` English. */
export interface FieldProblem {
  code: string | null;
  message: string;
}

/** An error shown on a screen: `code` is the i18n key (common namespace), `message` the English text. */
export interface AuthError {
  code: string;
  message: string;
  fields?: Record<string, FieldProblem>;
}

/** Why the login screen is shown, when it is not the first visit. */
export type AuthNotice = 'sessionExpired' | 'loggedOut' | null;

export interface ProfileFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface LoginCredentials {
  username: string;
  password: string;
  /** The salon (tenant) code; optional while the server holds one salon (ADR 006). */
  tenant?: string;
}

export interface AuthContext {
  session: AuthSession | null;
  /** The last login's failure, for the login form. */
  error: AuthError | null;
  notice: AuthNotice;
  /** The username to remember on success ("Remember me" ticked), or null to forget it; set at submit. */
  rememberedUsername: string | null;
  profileError: AuthError | null;
  passwordError: AuthError | null;
  /** After a password change: how many other sessions the server ended. */
  revokedSessions: number | null;
  /** Writes still in the offline queue when logout was asked for (the confirmation's count); null otherwise. */
  unsyncedWrites: number | null;
}

export interface AuthInput {
  /** The auth record found in storage at start-up; resumed with login-token. */
  stored?: AuthSession | null;
}

export type AuthEvent =
  | ({ type: 'login.submit'; remember?: boolean } & LoginCredentials)
  | { type: 'logout.request' }
  /** Log out although writes are still waiting to sync (the confirmation's "Log out anyway"). */
  | { type: 'logout.confirm' }
  /** Keep the session: the confirmation's Cancel. */
  | { type: 'logout.cancel' }
  /** The API client saw a 401 on a call that carried the token (docs/api.md#the-client). */
  | { type: 'session.expired' }
  /** Settings were saved elsewhere: replaces initial_settings in the session (docs/security.md#sessions). */
  | { type: 'session.settingsUpdated'; settings: InitialSettings }
  | { type: 'profile.save'; fields: ProfileFields; avatar: Blob | null }
  | { type: 'profile.reset' }
  | { type: 'password.change'; current: string; next: string; confirm: string }
  | { type: 'password.reset' };

export interface LoginWithTokenInput {
  token: string;
}
export type LoginInput = LoginCredentials;
export interface SaveProfileInput {
  fields: ProfileFields;
  avatar: Blob | null;
}
export type SaveProfileOutput = AuthUser;
export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}
/** How many writes of the offline queue have not reached the server (pending or failed). */
export type CountUnsyncedWritesOutput = number;
export interface ChangePasswordOutput {
  revoked_sessions: number;
}
