/**
 * Pure rules of the auth chart: how a failed call reads on the screen (an i18n code plus the English text) and
 * the client-side checks of the profile and change-password forms. Codes are keys of the `auth` and `api`
 * groups of locales/<lng>/common.json.
 */
import type { AuthError, FieldProblem, ProfileFields, RequestFailure } from './auth.types';

/** Mirrors PASSWORD_MIN_LENGTH of src/contracts/auth.ts (a test holds them equal; machines import no zod). */
export const PASSWORD_MIN_LENGTH = 8;

export function isRequestFailure(error: unknown): error is RequestFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The server was never reached: no answer says the session is over. */
export function isUnreachable(error: unknown): boolean {
  if (!isRequestFailure(error)) return false;
  return error.status === 0 && error.kind !== 'aborted';
}

function fieldProblems(
  errors: Record<string, string[]> | undefined,
  codes: Record<string, string> = {},
): Record<string, FieldProblem> | undefined {
  if (!errors) return undefined;
  const out: Record<string, FieldProblem> = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] = { code: codes[field] ?? null, message: messages[0] ?? '' };
  }
  return out;
}

/** Failures every form reads the same way: offline, too slow, or something we did not expect. */
function commonFailure(error: unknown): AuthError {
  if (!isRequestFailure(error)) {
    return { code: 'api.errors.unexpected', message: 'Something went wrong. Please try again.' };
  }
  if (error.status === 0 && error.kind === 'timeout')
    return { code: 'api.errors.timeout', message: error.message };
  if (error.status === 0) return { code: 'api.errors.network', message: error.message };
  if (error.status === 429) return { code: 'auth.errors.tooManyAttempts', message: error.message };
  return { code: 'api.errors.unexpected', message: error.message };
}

/** The login form's own check (src/contracts/auth.ts loginBody): both fields are needed. */
export function missingCredentials(form: { username: string; password: string }): AuthError | null {
  const fields: Record<string, FieldProblem> = {};
  if (form.username.trim() === '') {
    fields.username = { code: 'auth.errors.usernameRequired', message: 'Enter your username.' };
  }
  if (form.password === '') {
    fields.password = { code: 'auth.errors.passwordRequired', message: 'Enter your password.' };
  }
  if (Object.keys(fields).length === 0) return null;
  return { code: 'auth.errors.missingCredentials', message: 'Enter your username and password.', fields };
}

export function loginError(error: unknown): AuthError {
  if (!isRequestFailure(error)) return commonFailure(error);
  if (error.status === 401) return { code: 'auth.errors.badCredentials', message: error.message };
  if (error.status === 422 && error.errors?.tenant) {
    return { code: 'auth.errors.tenantRequired', message: error.message };
  }
  if (error.status === 422) {
    const fields = fieldProblems(error.errors);
    return { code: 'auth.errors.invalid', message: error.message, ...(fields ? { fields } : {}) };
  }
  return commonFailure(error);
}

export function profileError(error: unknown): AuthError {
  if (isRequestFailure(error) && error.status === 422) {
    const fields = fieldProblems(error.errors);
    return { code: 'auth.profile.errors.invalid', message: error.message, ...(fields ? { fields } : {}) };
  }
  return commonFailure(error);
}

export function passwordError(error: unknown): AuthError {
  if (isRequestFailure(error) && error.status === 422) {
    const fields = fieldProblems(error.errors, {
      current_password: 'auth.password.errors.currentWrong',
    });
    return { code: 'auth.password.errors.invalid', message: error.message, ...(fields ? { fields } : {}) };
  }
  return commonFailure(error);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+\-\s().]*$/;

/** The checks of src/contracts/auth.ts profileBody a person can fix before sending. */
export function validateProfile(fields: ProfileFields): AuthError | null {
  const problems: Record<string, FieldProblem> = {};
  const email = fields.email.trim();
  if (email !== '' && !EMAIL.test(email)) {
    problems.email = { code: 'auth.profile.errors.email', message: 'Enter a valid email address.' };
  }
  if (!PHONE.test(fields.phone.trim())) {
    problems.phone = { code: 'auth.profile.errors.phone', message: 'Enter a valid phone number.' };
  }
  if (Object.keys(problems).length === 0) return null;
  return { code: 'auth.profile.errors.invalid', message: 'Check the highlighted fields.', fields: problems };
}

export interface PasswordForm {
  current: string;
  next: string;
  confirm: string;
}

/** src/contracts/auth.ts changePasswordBody, plus the confirmation only a form has. */
export function validatePasswordForm(form: PasswordForm): AuthError | null {
  const problems: Record<string, FieldProblem> = {};
  if (form.current === '') {
    problems.current_password = {
      code: 'auth.password.errors.currentRequired',
      message: 'Enter your current password.',
    };
  }
  if (form.next.length < PASSWORD_MIN_LENGTH) {
    problems.new_password = {
      code: 'auth.password.errors.tooShort',
      message: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    };
  } else if (form.next === form.current) {
    problems.new_password = {
      code: 'auth.password.errors.sameAsCurrent',
      message: 'The new password must differ from the current one.',
    };
  }
  if (form.confirm !== form.next) {
    problems.confirm_password = {
      code: 'auth.password.errors.mismatch',
      message: 'The two new passwords do not match.',
    };
  }
  if (Object.keys(problems).length === 0) return null;
  return { code: 'auth.password.errors.invalid', message: 'Check the highlighted fields.', fields: problems };
}
