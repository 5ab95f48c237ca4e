/**
 * What the client's API calls reject with (lib/api/api-error.ts: status, kind, code, message), for the
 * charts that read failures with machines/resource/resource.rules.ts toResourceError.
 */
export const offline = { status: 0, kind: 'network', message: 'Unable to connect to server.' };
export const serverDown = { status: 500, kind: 'http', code: 'internal_error', message: 'Server error.' };
