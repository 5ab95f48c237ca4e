/**
 * Where the settings dialog lives: nothing until someone opens it, then the dialog's chunk loads (it is large:
 * five tabs, the status panel, Chakra's dialog and tabs), so the POS screen's JS stays small.
 */
import { lazy, Suspense } from 'react';
import { closePwaSettings, useOptionalPwaActors, usePwaSettingsTab } from './pwa-context';

const SettingsDialog = lazy(() => import('./settings-dialog').then((m) => ({ default: m.SettingsDialog })));

export function PwaSettingsHost() {
  const tab = usePwaSettingsTab();
  const actors = useOptionalPwaActors();
  if (tab === null || !actors) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog actors={actors} initialTab={tab} onClose={closePwaSettings} />
    </Suspense>
  );
}
