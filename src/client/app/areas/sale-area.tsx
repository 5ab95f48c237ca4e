/**
 * The sale area: /pos/sales and /pos/sales/:id in one chunk. Here the
 * sale screen's two actors get their real side effects (app/sale-actors.ts) and their input: the store's
 * settings that change the arithmetic (currency, tax-on-tax, the Indian rule, the card fee) from the session's
 * initial settings, the sale to load, and this till's parked tickets from local storage
 * (docs/api.md#the-client).
 *
 * The features' other real actors come from here too (customer picker, payment panel, receipt: features never
 * import app/, docs/architecture.md).
 *
 * The sale actor is keyed by the address: /pos/sales/12 → /pos/sales/13 (or back to /pos/sales) starts a
 * fresh sale machine instead of keeping the previous ticket. The catalog actor is not: the catalog and the
 * staff stay loaded across those moves.
 */
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { z } from 'zod';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import type { SaleInput } from '../../../../machines/sale/sale.types';
import { walkInServiceSchema, walkInTurnSchema } from '../../../contracts/walk-ins';
import { bookingSaleSchema } from '../../../contracts/bookings';
import { NotFoundScreen } from '../../features/errors/error-screens';
import { receiptLogic } from '../../components/receipt/receipt-logic';
import { CatalogActor } from '../../features/sale/catalog-actor';
import { customerPickerLogic } from '../../features/sale/customer-picker-actor';
import { SaleActor } from '../../features/sale/sale-actor';
import { SaleScreen } from '../../features/sale/sale-screen';
import { tenderingActors } from '../../features/sale/tendering/tendering-actors-context';
import { readWaitingTickets, recoverOpenTicket, saveOpenTicket } from '../../lib/storage';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { appCustomerPickerMachine } from '../customer-actors';
import { appCatalogBrowserMachine, appSaleMachine, orderSettingsOf, parseSaleId } from '../sale-actors';

/**
 * Saves the new sale being rung up on every change until it is completed, parked or emptied (the chart's 'dirty'
 * tag), so a reload (Update Now, a crash, a closed tab) or a logout never loses it: the next sale screen of this
 * till parks it as a waiting ticket (recoverOpenTicket). Persistence, not workflow: the chart decides what is
 * dirty; this only mirrors it to storage.
 */
function OpenTicketAutosave() {
  const actor = SaleActor.useActorRef();
  useEffect(() => {
    let saved: unknown;
    const subscription = actor.subscribe((snapshot) => {
      const order = snapshot.hasTag('dirty') ? snapshot.context.order : null;
      if (order === saved) return;
      saved = order;
      saveOpenTicket(order);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return null;
}

/**
 * What the walk-in queue's "start" sends with its navigation to /pos/sales (features/walk-in; docs/front-desk.md
 * "The walk-in queue"): the started walk-in's turn and services, for the new sale to open with.
 */
export const walkInSaleState = z.object({
  walkInTurn: z.object({ turn: walkInTurnSchema, services: z.array(walkInServiceSchema) }),
});
export type WalkInSaleState = z.infer<typeof walkInSaleState>;

/**
 * The turn a navigation brought, taken once: the history entry forgets it, so a reload of /pos/sales (whose open
 * ticket is recovered as a parked one) or a return to it later never attaches the same walk-in to a second sale.
 */
export function takeWalkInTurn(
  state: unknown,
  history: Pick<History, 'state' | 'replaceState'> | undefined = globalThis.history,
): SaleInput['turn'] {
  const parsed = walkInSaleState.safeParse(state);
  if (!parsed.success) return undefined;
  const current: unknown = history?.state;
  if (current && typeof current === 'object') history?.replaceState({ ...current, usr: null }, '');
  return parsed.data.walkInTurn;
}

/**
 * What the appointment book's "start sale" sends with its navigation to /pos/sales (docs/appointments.md#status):
 * the booking with each line's technician. Taken once, as the walk-in's turn is.
 */
export const bookingSaleState = z.object({ bookingSale: bookingSaleSchema });

export function takeBookingSale(
  state: unknown,
  history: Pick<History, 'state' | 'replaceState'> | undefined = globalThis.history,
): SaleInput['booking'] {
  const parsed = bookingSaleState.safeParse(state);
  if (!parsed.success) return undefined;
  const current: unknown = history?.state;
  if (current && typeof current === 'object') history?.replaceState({ ...current, usr: null }, '');
  return parsed.data.bookingSale;
}

function SaleWithInput({ saleId }: { saleId: number | null }) {
  const store = useAuthSelector(selectStoreSettings);
  const location = useLocation();
  // Once per sale actor, as the waiting tickets below.
  const [turn] = useState(() => (saleId === null ? takeWalkInTurn(location.state) : undefined));
  const [booking] = useState(() => (saleId === null ? takeBookingSale(location.state) : undefined));
  // Once per sale actor (the actor is created on the first render and ignores later options): a new sale first
  // takes back a ticket a reload left open, as a parked ticket.
  const [waitingTickets] = useState(() =>
    saleId === null
      ? recoverOpenTicket(new Date(), () => globalThis.crypto.randomUUID())
      : readWaitingTickets(),
  );
  const input: SaleInput = {
    settings: orderSettingsOf(store),
    waitingTickets,
    // Right from the first render; the payment panel's watch (tendering-actors.ts) keeps both current.
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    ...(store
      ? {
          offlineCardLimits: {
            perTicket: store.offline_card_limit_per_ticket,
            total: store.offline_card_limit_total,
          },
        }
      : {}),
    ...(saleId !== null ? { saleId } : {}),
    ...(turn ? { turn } : {}),
    ...(booking ? { booking } : {}),
  };
  return (
    <SaleActor.Provider logic={appSaleMachine} options={{ input }}>
      {saleId === null && <OpenTicketAutosave />}
      <SaleScreen />
    </SaleActor.Provider>
  );
}

/**
 * The payment panel's and the receipt's real actors, by loaders: they load with those parts (sale-parts.tsx),
 * not with this area's first chunk.
 */
const loadTenderingActors = () => import('../tendering-actors').then((m) => m.appTenderingActors);
const loadReceiptLogic = () => import('../receipt-actors').then((m) => m.appReceiptMachine);

export function SaleArea() {
  const { id } = useParams();
  const saleId = parseSaleId(id);
  if (id !== undefined && saleId === null) return <NotFoundScreen />;
  return (
    <CatalogActor.Provider logic={appCatalogBrowserMachine}>
      <customerPickerLogic.Provider value={appCustomerPickerMachine}>
        <tenderingActors.Provider load={loadTenderingActors}>
          <receiptLogic.Provider load={loadReceiptLogic}>
            <SaleWithInput key={id ?? 'new'} saleId={saleId} />
          </receiptLogic.Provider>
        </tenderingActors.Provider>
      </customerPickerLogic.Provider>
    </CatalogActor.Provider>
  );
}
