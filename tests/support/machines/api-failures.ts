/**
 * What the client's API calls reject with (lib/api/api-error.ts: status, kind, code, message), for the
 * charts that read failures with machines/resource/resource.rules.ts toResourceError.
 */
export const offline = { status: 0, kind: 'network', message: 'Unable to connect to server.' };
export const serverDown = { status: 500, kind: 'http', code: 'internal_error', message: 'Server error.' };

/** The server refused the body: a 422 `validation_failed` with each field's messages. */
export function validationFailed(errors: Record<string, string[]>, message = 'Invalid input') {
  return { status: 422, kind: 'http', code: 'validation_failed', message, errors };
}
