/**
 * The settings screen in its own chunk, with what it needs of the session: whether this person may change
 * settings (owner or admin with the Setting module writable; a manager reads them, docs/settings.md
 * "Access"), and where a save's initial settings go (the auth chart replaces them in the stored session, so
 * the sale screen computes with the new taxes and card fee at once).
 */
import { useCallback } from 'react';
import { selectModules, selectRole, selectStoreId } from '../../../../machines/auth/auth.selectors';
import type { InitialSettings } from '../../../contracts/auth';
import { MODULE, ROLE } from '../../../domain/constants';
import { canWrite } from '../../../domain/permissions';
import { SettingsScreen } from '../../features/settings/settings-screen';
import { useAuthActorRef, useAuthSelector } from '../../lib/actors/auth-actor';

export function SettingsArea() {
  const auth = useAuthActorRef();
  const role = useAuthSelector(selectRole);
  const permissions = useAuthSelector(selectModules);
  const storeId = useAuthSelector(selectStoreId);
  const writable = (role === ROLE.OWNER || role === ROLE.ADMIN) && canWrite(permissions, MODULE.SETTING);
  const onSaved = useCallback(
    (settings: InitialSettings) => auth.send({ type: 'session.settingsUpdated', settings }),
    [auth],
  );
  return <SettingsScreen readOnly={!writable} onSaved={onSaved} storeId={storeId} />;
}
