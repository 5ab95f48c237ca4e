/**
 * The kiosk's and the review page's real calls (docs/walk-in-screens.md#the-customer-kiosk), provided to their
 * charts here and nowhere else (docs/architecture.md: app/ gives machines their real actors).
 *
 * - Nobody is logged in on the tablet: every call is anonymous and carries the tablet's kiosk token in
 *   X-Kiosk-Token (src/contracts/kiosk.ts), read from this device's storage on each call, so pairing the tablet
 *   applies at once.
 * - Its own API client over the plain fetch, not the app's offline queue: a customer at the kiosk must know
 *   whether they are checked in now. A check-in that could not be sent is the chart's offline state, retried
 *   with the same uuid, so it is never made twice (the contract's uuid).
 * - The kiosk's address names a store (:storeId); a token of another store is said as such (the session call
 *   tells which store the token is for) instead of checking people in elsewhere.
 */
import { fromPromise } from 'xstate';
import { kioskCheckInMachine } from '../../../machines/kiosk-check-in/kiosk-check-in.machine';
import type {
  KioskCatalog,
  KioskCheckedIn,
  KioskCheckInInput,
  KioskKnownCustomer,
  KioskSignUpInput,
} from '../../../machines/kiosk-check-in/kiosk-check-in.types';
import { walkInReviewMachine } from '../../../machines/walk-in-review/walk-in-review.machine';
import type {
  ReviewTechnician,
  SubmitReviewInput,
} from '../../../machines/walk-in-review/walk-in-review.types';
import {
  KIOSK_PATHS,
  KIOSK_TOKEN_HEADER,
  kioskCatalogSchema,
  kioskCheckedInSchema,
  kioskReviewSchema,
  kioskSessionSchema,
  kioskSignInSchema,
  kioskSignUpSchema,
  kioskTechniciansSchema,
} from '../../contracts/kiosk';
import type { KioskCustomer, KioskSession } from '../../contracts/kiosk';
import { ApiError } from '../lib/api/api-error';
import { createApiClient } from '../lib/api/client';
import type { ApiClient, RequestOptions } from '../lib/api/client';
import { newIdempotencyKey } from '../lib/api/idempotency-key';
import { readKioskToken } from '../lib/storage';

/** The client-side code for a token of another store than the address's (said by the kiosk namespace). */
export const KIOSK_WRONG_STORE = 'kiosk_wrong_store';

/** The kiosk's client: anonymous, no offline queue, no notices (the screens say every failure themselves). */
export const kioskApi: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => null,
});

/** The contract's paths are absolute (/api/kiosk/...); the client adds /api itself. */
function path(full: string): string {
  return full.replace(/^\/api/, '');
}

function options<T>(
  schema: RequestOptions<T>['schema'],
  signal?: AbortSignal,
  token: string | null = readKioskToken(),
): RequestOptions<T> {
  return {
    anonymous: true,
    skipNotice: true,
    skipLoading: true,
    headers: token ? { [KIOSK_TOKEN_HEADER]: token } : {},
    ...(schema ? { schema } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** The session, refused when the token is for another store than the address's. */
export async function kioskSession(
  storeId: number,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<KioskSession> {
  const session = await client.get(path(KIOSK_PATHS.session), options(kioskSessionSchema, signal));
  if (session.store.id !== storeId) {
    throw new ApiError({
      status: 403,
      code: KIOSK_WRONG_STORE,
      message: `This kiosk is paired with ${session.store.name}, not the store of this address.`,
    });
  }
  return session;
}

/** The store's name, its technicians available now (first names), its categories and their services. */
export async function loadKioskCatalog(
  storeId: number,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<KioskCatalog> {
  const session = await kioskSession(storeId, client, signal);
  const [technicians, catalog] = await Promise.all([
    client.get(path(KIOSK_PATHS.technicians), options(kioskTechniciansSchema, signal)),
    client.get(path(KIOSK_PATHS.services), options(kioskCatalogSchema, signal)),
  ]);
  return {
    store_name: session.store.name,
    // Only who can take someone now: a customer asking for a technician who is off would wait for nobody.
    technicians: technicians.items.filter((t) => t.available).map((t) => ({ id: t.id, name: t.first_name })),
    categories: catalog.categories.map((c) => ({ id: c.id, name: c.name })),
    services: catalog.categories.flatMap((c) =>
      c.services.map((s) => ({ id: s.id, name: s.name, category_id: c.id, price: s.price })),
    ),
  };
}

function known(customer: KioskCustomer): KioskKnownCustomer {
  return {
    handle: customer.handle,
    first_name: customer.first_name,
    last_initial: customer.last_initial,
  };
}

/** POST sign-in: the customer of this phone, or null (the screen offers sign-up). */
export async function findKioskCustomer(
  phone: string,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<KioskKnownCustomer | null> {
  const answer = await client.post(
    path(KIOSK_PATHS.signIn),
    { phone },
    { ...options(kioskSignInSchema, signal), idempotencyKey: newIdempotencyKey() },
  );
  return answer.found ? known(answer.customer) : null;
}

export async function signUpKioskCustomer(
  input: KioskSignUpInput,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<KioskKnownCustomer> {
  const answer = await client.post(
    path(KIOSK_PATHS.signUp),
    {
      first_name: input.form.first_name,
      last_name: input.form.last_name,
      email: input.form.email,
      birthday: input.form.birthday,
      phone: input.phone,
    },
    { ...options(kioskSignUpSchema, signal), idempotencyKey: newIdempotencyKey() },
  );
  return known(answer.customer);
}

/** "Mai P." or "Lan": the first name and the last initial, as the kiosk greets people. */
export function shortName(firstName: string, lastInitial: string): string {
  return lastInitial ? `${firstName} ${lastInitial}.` : firstName;
}

/** POST check-in; the uuid is the key too, so a retry of the same check-in is one intent. */
export async function kioskCheckIn(
  input: KioskCheckInInput,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<KioskCheckedIn> {
  const answer = await client.post(
    path(KIOSK_PATHS.checkIn),
    {
      uuid: input.uuid,
      customer_handle: input.customerHandle,
      ...(input.technicianId !== null ? { technician_id: input.technicianId } : {}),
      service_ids: input.serviceIds,
    },
    { ...options(kioskCheckedInSchema, signal), idempotencyKey: input.uuid },
  );
  return { name: shortName(answer.first_name, answer.last_initial), ahead: answer.ahead };
}

/** The review page's technicians: every technician of the store (the visit may have ended at any time). */
export async function loadReviewTechnicians(
  storeId: number,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<ReviewTechnician[]> {
  await kioskSession(storeId, client, signal);
  const technicians = await client.get(
    path(KIOSK_PATHS.technicians),
    options(kioskTechniciansSchema, signal),
  );
  return technicians.items.map((t) => ({ id: t.id, name: t.first_name }));
}

/**
 * The review: the customer is found by phone first (the page is public and the kiosk reads no customers),
 * then the review is sent with their handle. A phone nobody has is a 404 the page says as "unknown phone".
 */
export async function submitKioskReview(
  input: SubmitReviewInput,
  client: ApiClient = kioskApi,
  signal?: AbortSignal,
): Promise<unknown> {
  const customer = await findKioskCustomer(input.phone, client, signal);
  if (!customer) {
    throw new ApiError({ status: 404, code: 'not_found', message: 'No customer has this phone.' });
  }
  return client.post(
    path(KIOSK_PATHS.reviews),
    {
      customer_handle: customer.handle,
      rating: input.rating,
      comment: input.comment,
      ...(input.technicianId !== null ? { technician_id: input.technicianId } : {}),
    },
    { ...options(kioskReviewSchema, signal), idempotencyKey: input.idempotencyKey },
  );
}

export function kioskLogic(storeId: number) {
  return kioskCheckInMachine.provide({
    actors: {
      loadCatalog: fromPromise(({ signal }) => loadKioskCatalog(storeId, kioskApi, signal)),
      findCustomer: fromPromise(({ input, signal }: { input: { phone: string }; signal: AbortSignal }) =>
        findKioskCustomer(input.phone, kioskApi, signal),
      ),
      signUp: fromPromise(({ input, signal }: { input: KioskSignUpInput; signal: AbortSignal }) =>
        signUpKioskCustomer(input, kioskApi, signal),
      ),
      checkIn: fromPromise(({ input, signal }: { input: KioskCheckInInput; signal: AbortSignal }) =>
        kioskCheckIn(input, kioskApi, signal),
      ),
    },
  });
}

export function reviewLogic(storeId: number) {
  return walkInReviewMachine.provide({
    actors: {
      loadTechnicians: fromPromise(({ signal }) => loadReviewTechnicians(storeId, kioskApi, signal)),
      submitReview: fromPromise(({ input, signal }: { input: SubmitReviewInput; signal: AbortSignal }) =>
        submitKioskReview(input, kioskApi, signal),
      ),
    },
  });
}
