/**
 * The settings dialog (docs/platform.md#the-settings-dialog "Settings dialog (size xl, five tabs)"): a title,
 * five tabs (sync timing, push notifications, install prompts, advanced caching, mobile widgets) and a footer
 * with Cancel and Save changes. "Save applies the sync configuration and shows a saving state": the sync
 * scheduler validates it (docs/offline.md#sync-settings ranges, src/domain/sync-config.ts) and keeps it, or
 * keeps the old one and reports each field's error, and the dialog then shows the "Sync timing" tab with
 * those errors. The other tabs act at once (a permission, a cache clear, a widget added), as their buttons
 * say.
 *
 * Loaded only when opened (settings-host.tsx). What is typed stays in the fields (useState, keystrokes); what it
 * means is the chart's.
 */
import { Button, Tabs } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectConfig,
  selectConfigErrors,
} from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import { ModalDialog } from '../../components/modal-dialog';
import { notify } from '../../components/notices';
import { CachingTab } from './caching-tab';
import { InstallTab } from './install-tab';
import { PrinterTab } from './printer-tab';
import { PushSettings } from './push-settings';
import { SETTINGS_TABS } from './pwa-context';
import type { PwaActors, SettingsTab } from './pwa-context';
import { fromFormText, toFormText } from './sync-form';
import { SyncTab } from './sync-tab';
import { WidgetsTab } from './widgets-tab';

function isTab(value: string): value is SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value);
}

export interface SettingsDialogProps {
  actors: PwaActors;
  initialTab: SettingsTab;
  onClose: () => void;
}

export function SettingsDialog({ actors, initialTab, onClose }: SettingsDialogProps) {
  const { t } = useTranslation('common');
  const scheduler = actors.syncScheduler;
  const config = useSelector(scheduler, selectConfig);
  const configErrors = useSelector(scheduler, selectConfigErrors);
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const [form, setForm] = useState(() => toFormText(config));
  // Errors belong to a Save of THIS dialog: one left by an earlier, cancelled dialog is not shown.
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = () => {
    setSaving(true);
    // One frame of "Saving…" before the chart answers (it answers at once: the check is pure).
    setTimeout(() => {
      scheduler.send({ type: 'config.update', config: fromFormText(form) });
      setSaving(false);
      setSaved(true);
      if (scheduler.getSnapshot().context.configErrors.length > 0) {
        setTab('sync');
        return;
      }
      notify({ type: 'success', title: t('pwa.settings.saved'), id: 'pwa-settings-saved' });
      onClose();
    }, 0);
  };

  return (
    <ModalDialog
      onClose={onClose}
      size="xl"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      testId="pwa-settings-dialog"
      data={{ 'data-tab': tab }}
      closeButton={{ size: 'lg', 'aria-label': t('pwa.update.buttons.close') }}
      title={t('pwa.settings.title')}
      footer={
        <>
          <Button variant="outline" size="lg" minH="11" onClick={onClose}>
            {t('pwa.settings.cancel')}
          </Button>
          <Button
            colorPalette="brand"
            size="lg"
            minH="11"
            loading={saving}
            loadingText={t('pwa.settings.saving')}
            onClick={save}
            data-testid="pwa-settings-save"
          >
            {t('pwa.settings.save')}
          </Button>
        </>
      }
    >
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          if (isTab(details.value)) setTab(details.value);
        }}
        variant="line"
        lazyMount
      >
        <Tabs.List overflowX="auto" mb="4">
          {SETTINGS_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} minH="11" flexShrink="0">
              {t(`pwa.settings.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="sync">
          <SyncTab actors={actors} form={form} onChange={setForm} errors={saved ? configErrors : []} />
        </Tabs.Content>
        <Tabs.Content value="push">
          <PushSettings actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="install">
          <InstallTab actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="caching">
          <CachingTab actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="widgets">
          <WidgetsTab actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="printer">
          <PrinterTab />
        </Tabs.Content>
      </Tabs.Root>
    </ModalDialog>
  );
}
