/**
 * The settings screen's "Kiosks" section (docs/settings.md#kiosk-tokens): the store's kiosk tokens, issuing one
 * and revoking one. Behaviour is the generic charts': the list is a record (machines/record, its id the store's),
 * issuing and revoking are one-shot forms (machines/form-submit), each with its Idempotency-Key kept across
 * retries of one intent (docs/decisions/005-idempotency-keys.md). This file gives them their requests, their
 * checks and their words for a failure.
 *
 * The list is read live every time: the worker does not cache /api/settings/kiosk-tokens (src/sw/routes.ts
 * network-only) and the offline queue never takes its writes (lib/offline-queue/classify.ts), because a
 * queued issue has no secret to show and a queued revoke would say "revoked" of a token that still opens the
 * kiosk.
 */
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../../machines/form-submit/form-submit.machine';
import type { FormValues, SubmitFormInput } from '../../../../machines/form-submit/form-submit.types';
import { createRecordMachine } from '../../../../machines/record/record.machine';
import type { FieldIssues, ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { issueKioskTokenBody, KIOSK_PATHS, kioskTokenPath } from '../../../contracts/kiosk';
import type { IssuedKioskToken, KioskToken } from '../../../contracts/kiosk';
import { api } from '../../lib/api/api';
import type { ApiClient } from '../../lib/api/client';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

const NS = 'admin-settings';
/** The client's paths are relative to /api (lib/api/client.ts). */
const TOKENS_URL = KIOSK_PATHS.tokens.replace(/^\/api/, '');
const tokenUrl = (id: number) => kioskTokenPath(id).replace(/^\/api/, '');

export function listKioskTokens(signal?: AbortSignal, client: ApiClient = api): Promise<KioskToken[]> {
  return client.get<KioskToken[]>(TOKENS_URL, { signal, skipNotice: true });
}

export function issueKioskToken(
  call: { storeId: number; label: string; idempotencyKey: string },
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<IssuedKioskToken> {
  return client.post<IssuedKioskToken>(
    TOKENS_URL,
    { store_id: call.storeId, label: call.label.trim() },
    { idempotencyKey: call.idempotencyKey, signal, skipNotice: true },
  );
}

export function revokeKioskToken(
  call: { id: number; idempotencyKey: string },
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<KioskToken> {
  return client.delete<KioskToken>(tokenUrl(call.id), {
    idempotencyKey: call.idempotencyKey,
    signal,
    skipNotice: true,
  });
}

/**
 * The label's problems, checked with the contract's own rule (the server parses the body with it): the key of
 * each problem's words, `kiosks.labelErrors.<zod issue code>`.
 */
export function labelIssues(label: string): FieldIssues {
  const parsed = issueKioskTokenBody.shape.label.safeParse(label);
  if (parsed.success) return {};
  return {
    label: parsed.error.issues.map((issue) => ({ code: issue.code, message: issue.message })),
  };
}

/** The kiosk's addresses for a store (src/client/app/routes.ts: every step shown, flags 1/1/1). */
export function kioskAddresses(storeId: number, origin: string): { signIn: string; review: string } {
  return {
    signIn: `${origin}/pos/walk-in/sign-in/${storeId}/1/1/1`,
    review: `${origin}/pos/walk-in/review/${storeId}`,
  };
}

export type TokenState = 'active' | 'revoked';
export const tokenState = (token: KioskToken): TokenState => (token.revoked_at ? 'revoked' : 'active');

/** Codes this section says in its own words (docs/errors.md: by code, never by the server's English). */
const OWN_CODES: ReadonlySet<string> = new Set(['not_found', 'wrong_store', 'forbidden']);

/** The keys of a failure's words, best first: the section's own, the app's code map, the kind, a plain retry. */
export function kioskTokenErrorKeys(error: ResourceError): string[] {
  const own = error.code && OWN_CODES.has(error.code) ? [`${NS}:kiosks.errors.${error.code}`] : [];
  const common =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind = ['offline', 'timeout', 'forbidden', 'notFound'].includes(error.kind)
    ? [`${NS}:kiosks.errors.${error.kind}`]
    : [];
  return [...own, ...common, ...byKind, `${NS}:kiosks.errors.generic`];
}

// ---- the charts with their requests ---------------------------------------------------------------------

/** The store's tokens as a record chart (its id is the store's; the server lists the session store's). */
export function kioskTokenListLogic(client: ApiClient = api) {
  return createRecordMachine<KioskToken[]>().provide({
    actors: { load: fromPromise(({ signal }) => listKioskTokens(signal, client)) },
  });
}

/** Issuing: the label checked, then POSTed; `issued` gets the answer, the one time its secret is seen. */
export function issueTokenLogic(
  storeId: number,
  issued: (token: IssuedKioskToken) => void,
  client: ApiClient = api,
) {
  return formSubmitMachine.provide({
    actors: {
      validate: fromPromise<void, { values: FormValues }>(async ({ input }) => {
        const fieldErrors = labelIssues(input.values.label ?? '');
        if (Object.keys(fieldErrors).length > 0) throw { fieldErrors };
      }),
      submit: fromPromise<unknown, SubmitFormInput>(({ input, signal }) =>
        issueKioskToken(
          { storeId, label: input.values.label ?? '', idempotencyKey: input.idempotencyKey },
          signal,
          client,
        ),
      ),
    },
    actions: {
      // Run on the submit actor's done event, whose output is the POST's answer (the chart keeps no output).
      announceDone: ({ event }) => issued((event as unknown as { output: IssuedKioskToken }).output),
    },
  });
}

/** Revoking one token, confirmed first by the screen: nothing to type, so nothing to check. */
export function revokeTokenLogic(id: number, revoked: () => void, client: ApiClient = api) {
  return formSubmitMachine.provide({
    actors: {
      validate: fromPromise<void, { values: FormValues }>(async () => undefined),
      submit: fromPromise<unknown, SubmitFormInput>(({ input, signal }) =>
        revokeKioskToken({ id, idempotencyKey: input.idempotencyKey }, signal, client),
      ),
    },
    actions: { announceDone: () => revoked() },
  });
}
