/**
 * Where the settings dialog lives: nothing until someone opens it, then the dialog's chunk loads (it is large:
 * five tabs, the status panel, Chakra's dialog and tabs), so the POS screen's JS stays small.
 *
 * Trap: opened offline before the worker has cached the chunk, the import fails (docs/platform.md#caches "A
 * chunk load failure gives ChunkLoadError"). A rejected React.lazy would throw into the tree and blank the
 * till mid-sale, so a failed load says so in a notice, closes, and the next open tries again.
 */
import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { notify } from '../../components/notices';
import { closePwaSettings, useOptionalPwaActors, usePwaSettingsTab } from './pwa-context';
import type { SettingsDialogProps } from './settings-dialog';

const Nothing: ComponentType<SettingsDialogProps> = () => null;

function loadDialog() {
  return lazy<ComponentType<SettingsDialogProps>>(() =>
    import('./settings-dialog')
      .then((m) => ({ default: m.SettingsDialog }))
      .catch((error: unknown) => {
        console.error('The settings dialog could not be loaded.', error);
        SettingsDialog = loadDialog();
        notify({
          type: 'error',
          title: i18next.t('pwa.settings.loadFailed', { ns: 'common' }),
          id: 'pwa-settings-load',
        });
        queueMicrotask(closePwaSettings);
        return { default: Nothing };
      }),
  );
}

let SettingsDialog = loadDialog();

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
