/**
 * The settings a session starts with (docs/settings.md): general settings of the tenant, the settings of
 * the session's store, and the login-profile bundle (GET /api/store-settings/initial-profile).
 */
import { asc } from 'drizzle-orm';
import type { GeneralSettingsView, InitialSettings, StoreSettingsView } from '../../../contracts/auth';
import type { AuthContext } from '../../auth-context';
import { requireStore } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { workstations } from '../../db/schema/workstations';
import { storeWhere } from '../../db/scoped';
import { HttpError } from '../../errors';
import { currentUser, sessionStoreId } from '../auth';
import { generalSettingsView, loadStore, loadTenantSettings, storeSettingsView } from './views';

export async function generalSettings(db: Queryable, auth: AuthContext): Promise<GeneralSettingsView> {
  return generalSettingsView(await loadTenantSettings(db, auth.tenantId));
}

/** Settings of a store of the session: 403 for any other store (requireStore), 404 if it vanished. */
export async function storeSettings(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
): Promise<StoreSettingsView> {
  requireStore(auth, storeId);
  const store = await loadStore(db, auth.tenantId, storeId);
  if (!store) throw new HttpError(404, 'Store not found.');
  return storeSettingsView(store);
}

export async function initialSettings(db: Queryable, auth: AuthContext): Promise<InitialSettings> {
  const [store, general] = await Promise.all([
    storeSettings(db, auth, sessionStoreId(auth)),
    generalSettings(db, auth),
  ]);
  return { storeSettings: store, generalSettings: general };
}

/** GET /api/store-settings/initial-profile: what the login-profile screen needs in one answer. */
export async function initialProfile(db: Queryable, auth: AuthContext) {
  const storeId = sessionStoreId(auth);
  const [profile, initial, stations] = await Promise.all([
    currentUser(db, auth),
    initialSettings(db, auth),
    db
      .select({
        id: workstations.id,
        store_id: workstations.storeId,
        code: workstations.code,
        name: workstations.name,
      })
      .from(workstations)
      .where(storeWhere(workstations, { tenantId: auth.tenantId, storeId }))
      .orderBy(asc(workstations.code), asc(workstations.id)),
  ]);
  return {
    workstations: stations,
    profile,
    initial,
    enter_pincode_screens: initial.generalSettings.enterPinCodeScreens,
  };
}
