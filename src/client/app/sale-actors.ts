/**
 * The sale screen's real side effects, provided here and nowhere else (docs/architecture.md: app/ is the one
 * place that gives machines their real actors). The sale machine (machines/sale) gets the sale calls of
 * lib/api/sale-api.ts, the PIN check of /role-by-code and the waiting-ticket storage of lib/storage.ts; the
 * catalog browser (machines/catalog-browser) gets the catalog, staff and checked-in reads.
 *
 *   <SaleActor.Provider logic={appSaleMachine} options={{ input }}>        (app/areas/sale-area.tsx)
 */
import { fromPromise } from 'xstate';
import { catalogBrowserMachine } from '../../../machines/catalog-browser/catalog-browser.machine';
import type { CatalogLoadOutput } from '../../../machines/catalog-browser/catalog-browser.types';
import { saleMachine } from '../../../machines/sale/sale.machine';
import type {
  CheckManagerPinInput,
  CheckManagerPinOutput,
  CreateSaleInput,
  CreateSaleOutput,
  LoadSaleInput,
  PersistWaitingTicketsParams,
} from '../../../machines/sale/sale.types';
import type { StoreSettingsView } from '../../contracts/auth';
import { isSupportedCurrency } from '../../domain/money';
import { DEFAULT_ORDER_SETTINGS } from '../../domain/order-editing';
import type { SaleRecord } from '../../domain/order-editing';
import type { OrderSettings } from '../../domain/order.types';
import { canApproveWithPin } from '../../domain/permissions';
import { checkPin } from '../lib/api/auth-api';
import type { ApiClient } from '../lib/api/client';
import { apiNotices } from '../lib/api/notices';
import { pinApprovals } from '../lib/api/pin-approval';
import { getSale, loadSaleCatalog, submitSale, toSaleCallError } from '../lib/api/sale-api';
import { readAuthRecord, readInitialSettings, saveWaitingTickets } from '../lib/storage';
import { withRingUpTime } from '../features/sale/ring-up-time';

/**
 * POST /api/role-by-code for a manager approval. An approver's answer is also kept for this session's calls
 * (X-Pin-Approval, ADR 006), as the PIN pad does; a cashier's PIN is not kept, so it can never replace a
 * manager's approval still held. The PIN itself goes nowhere else (docs/roles.md#pin-approvals).
 */
export async function checkManagerPin(
  pin: string,
  { signal, client }: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<CheckManagerPinOutput> {
  try {
    const answer = await checkPin(pin, { signal, ...(client ? { client } : {}) });
    if (canApproveWithPin(answer.role)) pinApprovals.set(answer);
    return { userId: answer.user_id, role: answer.role, name: answer.name };
  } catch (error) {
    throw toSaleCallError(error, 'pin');
  }
}

/**
 * Saves the parked tickets under this till's key (docs/api.md#the-client). A full or refused storage must not
 * crash the sale (an action that throws stops the actor with the ticket in it): the cashier is told, and the
 * list stays in the machine, so parking again once space is freed saves it.
 */
export function persistWaitingTickets(params: PersistWaitingTicketsParams, storage?: Storage): void {
  try {
    saveWaitingTickets(params.tickets, storage);
  } catch {
    apiNotices.notify({
      kind: 'error',
      code: 'sale.errors.ticketsNotSaved',
      message: 'The waiting tickets could not be saved on this device.',
    });
  }
}

/** The store settings the order arithmetic uses (domain OrderSettings); the domain's defaults when unknown. */
export function orderSettingsOf(store: StoreSettingsView | null): OrderSettings {
  if (!store) return { ...DEFAULT_ORDER_SETTINGS };
  return {
    // A currency dinero.js does not know would make every total throw: the default is safer than a crash.
    currency: isSupportedCurrency(store.currency) ? store.currency : DEFAULT_ORDER_SETTINGS.currency,
    config_tax_on_tax: store.config_tax_on_tax,
    config_indian_tax: store.config_indian_tax,
    creditcard_fee_percent: store.creditcard_fee_percent,
    creditcard_fee_to_customer: store.creditcard_fee_to_customer,
  };
}

/** The :id of /pos/sales/:id as a sale id; null when it is not one (a 404, not a request). */
export function parseSaleId(id: string | undefined): number | null {
  if (id === undefined || !/^\d{1,15}$/.test(id)) return null;
  const value = Number(id);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

/**
 * POST the sale (lib/api/sale-api.ts submitSale) with its ring-up time (features/sale/ring-up-time.ts): a new
 * order is stamped once per intent, so a sale queued offline and replayed hours later is recorded when it was
 * rung up, and every retry sends the same body under the same key. Offline, the API client's offline fetch
 * queues it and answers the queue's OfflineQueued (the sale machine's markPendingSync); the sale's uuid and
 * key go with it, so its replay makes exactly one sale (docs/api.md#writes-and-idempotency, docs/offline.md).
 */
export function createSale(
  input: CreateSaleInput,
  options: { signal?: AbortSignal; client?: ApiClient; now?: () => Date } = {},
): Promise<CreateSaleOutput> {
  const { now, ...call } = options;
  return submitSale(
    { order: withRingUpTime(input.order, input.idempotencyKey, now), idempotencyKey: input.idempotencyKey },
    call,
  );
}

export const appSaleMachine = saleMachine.provide({
  actors: {
    loadSale: fromPromise<SaleRecord, LoadSaleInput>(({ input, signal }) =>
      getSale(input.saleId, { signal }),
    ),
    createSale: fromPromise<CreateSaleOutput, CreateSaleInput>(({ input, signal }) =>
      createSale(input, { signal }),
    ),
    checkManagerPin: fromPromise<CheckManagerPinOutput, CheckManagerPinInput>(({ input, signal }) =>
      checkManagerPin(input.pin, { signal }),
    ),
  },
  actions: {
    persistWaitingTickets: (_, params: PersistWaitingTicketsParams) => persistWaitingTickets(params),
  },
});

export const appCatalogBrowserMachine = catalogBrowserMachine.provide({
  actors: {
    loadCatalog: fromPromise<CatalogLoadOutput, void>(({ signal }) =>
      loadSaleCatalog(
        {
          storeId: readAuthRecord()?.store_id ?? null,
          // The store's general setting (docs/front-desk.md "Clock in and out"), as the login stored it.
          onlyCheckedInTechnicians:
            readInitialSettings()?.generalSettings.enable_checkin_employee_daily === 1,
        },
        { signal },
      ),
    ),
  },
});
