/**
 * The sale management area (the order report at /pos/report/order) in one chunk: routes.ts
 * imports this module lazily. It gives the screen its chart with the app's real calls
 * (app/sale-management-actors.ts) and the store's time zone and currency from the session.
 */
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import { SaleListActor } from '../../features/sale-management/sale-list-actor';
import { SaleManagementScreen } from '../../features/sale-management/sale-management-screen';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { appSaleListMachine } from '../sale-management-actors';

/** The store's zone when the session has none: UTC keeps dates consistent rather than the tablet's. */
const FALLBACK_TIME_ZONE = 'UTC';

export function SaleManagementArea() {
  const store = useAuthSelector(selectStoreSettings);
  const timeZone = store?.timezone || FALLBACK_TIME_ZONE;
  const currency = store?.currency || DEFAULT_CURRENCY;
  return (
    <SaleListActor.Provider logic={appSaleListMachine} options={{ input: { timeZone } }}>
      <SaleManagementScreen store={{ timeZone, currency }} />
    </SaleListActor.Provider>
  );
}
