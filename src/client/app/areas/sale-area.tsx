/**
 * The sale area: /pos/sales and /pos/sales/:id in one chunk (issue 4 item 1 "one chunk per area"). Here the
 * sale screen's two actors get their real side effects (app/sale-actors.ts) and their input: the store's
 * settings that change the arithmetic (currency, tax-on-tax, the Indian rule, the card fee) from the session's
 * initial settings, the sale to load, and this till's parked tickets from local storage (000 §7).
 *
 * The sale actor is keyed by the address: /pos/sales/12 → /pos/sales/13 (or back to /pos/sales) starts a
 * fresh sale machine instead of keeping the previous ticket. The catalog actor is not: the catalog and the
 * staff stay loaded across those moves.
 */
import { useParams } from 'react-router-dom';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import type { SaleInput } from '../../../../machines/sale/sale.types';
import { NotFoundScreen } from '../../features/errors/error-screens';
import { CatalogActor } from '../../features/sale/catalog-actor';
import { SaleActor } from '../../features/sale/sale-actor';
import { SaleScreen } from '../../features/sale/sale-screen';
import { readWaitingTickets } from '../../lib/storage';
import { useAuthSelector } from '../auth';
import { appCatalogBrowserMachine, appSaleMachine, orderSettingsOf, parseSaleId } from '../sale-actors';

function SaleWithInput({ saleId }: { saleId: number | null }) {
  const store = useAuthSelector(selectStoreSettings);
  // Read once per sale actor: the actor is created on the first render and ignores later options.
  const input: SaleInput = {
    settings: orderSettingsOf(store),
    waitingTickets: readWaitingTickets(),
    ...(saleId !== null ? { saleId } : {}),
  };
  return (
    <SaleActor.Provider logic={appSaleMachine} options={{ input }}>
      <SaleScreen />
    </SaleActor.Provider>
  );
}

export function SaleArea() {
  const { id } = useParams();
  const saleId = parseSaleId(id);
  if (id !== undefined && saleId === null) return <NotFoundScreen />;
  return (
    <CatalogActor.Provider logic={appCatalogBrowserMachine}>
      <SaleWithInput key={id ?? 'new'} saleId={saleId} />
    </CatalogActor.Provider>
  );
}
