/**
 * /admin/settings (docs/settings.md): the store's settings as one form of six groups, one tab each. The
 * editor statechart (machines/settings-editor) owns loading, editing, checking and saving; this renders its
 * snapshot. A manager sees every group read-only. Errors are worded per field in the admin-settings
 * namespace; what was typed stays in the form when a check or a save fails.
 */
import { Alert, Badge, Button, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_GROUPS } from '../../../contracts/settings';
import type { SettingsGroup } from '../../../contracts/settings';
import {
  selectActiveGroup,
  selectDocument,
  selectFailure,
  selectFieldErrors,
  selectGroupValues,
  selectIsBusy,
  selectIsDirty,
  selectIsLoading,
  selectJustSaved,
  selectLoadFailed,
  selectReadOnly,
} from '../../../../machines/settings-editor/settings-editor.selectors';
import { useSettingsEditor } from './settings-actor';
import type { SettingsEditorOptions } from './settings-actor';
import { KioskTokensSection } from './kiosk-tokens-section';
import { PayrollSettingsSection } from './payroll-settings-section';
import { SettingsFields, TaxList } from './settings-fields';

export const SETTINGS_NS = 'admin-settings';

function isGroup(value: string): value is SettingsGroup {
  return (SETTINGS_GROUPS as readonly string[]).includes(value);
}

export interface SettingsScreenProps extends SettingsEditorOptions {
  /** The session's store: its kiosk tokens are listed below the groups (docs/settings.md#kiosk-tokens). */
  storeId: number | null;
}

export function SettingsScreen({ storeId, ...props }: SettingsScreenProps) {
  const { t } = useTranslation(SETTINGS_NS);
  const actor = useSettingsEditor(props);
  const active = useSelector(actor, selectActiveGroup);
  const document = useSelector(actor, selectDocument);
  const values = useSelector(actor, selectGroupValues);
  const errors = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFailure);
  const readOnly = useSelector(actor, selectReadOnly);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const busy = useSelector(actor, selectIsBusy);
  const dirty = useSelector(actor, selectIsDirty);
  const justSaved = useSelector(actor, selectJustSaved);

  const change = (field: string, value: unknown) => actor.send({ type: 'field.change', field, value });
  const failureText =
    failure && failure.kind !== 'validation'
      ? t([`failure.code.${failure.code ?? 'none'}`, `failure.${failure.kind}`])
      : failure
        ? t('failure.validation')
        : null;

  return (
    <Stack gap="5" maxW="4xl" w="full" mx="auto" px="4" py="6" data-testid="settings-screen">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {t('title')}
        </Heading>
        {readOnly && (
          <Badge size="lg" colorPalette="gray" data-testid="settings-read-only">
            {t('readOnly')}
          </Badge>
        )}
      </HStack>
      {loading && (
        <HStack gap="3" role="status">
          <Spinner />
          <Text>{t('loading')}</Text>
        </HStack>
      )}
      {loadFailed && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failureText}</Alert.Title>
          <Button size="sm" ms="auto" onClick={() => actor.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {document && values && (
        <Tabs.Root
          value={active}
          onValueChange={(details) => {
            if (isGroup(details.value)) actor.send({ type: 'group.select', group: details.value });
          }}
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Tabs.List overflowX="auto" mb="4">
            {SETTINGS_GROUPS.map((group) => (
              <Tabs.Trigger
                key={group}
                value={group}
                minH="11"
                flexShrink="0"
                disabled={group !== active && (dirty || busy)}
                data-testid={`settings-tab-${group}`}
              >
                {t(`groups.${group}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SETTINGS_GROUPS.map((group) => (
            <Tabs.Content key={group} value={group}>
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'save' });
                }}
                data-testid={`settings-form-${group}`}
              >
                <Stack gap="5">
                  <Text color="fg.muted">{t(`groupHelp.${group}`)}</Text>
                  {group === active && (
                    <>
                      <SettingsFields
                        group={group}
                        values={values}
                        errors={errors}
                        readOnly={readOnly}
                        currency={document.general.currency}
                        onChange={change}
                      />
                      {group === 'tax' && (
                        <TaxList values={values} errors={errors} readOnly={readOnly} onChange={change} />
                      )}
                      {group === 'payment' && (
                        <HStack gap="2" wrap="wrap">
                          <Text>{t('providers.title')}</Text>
                          {Object.entries(document.payment.providers).map(([provider, set]) => (
                            <Badge key={provider} colorPalette={set ? 'green' : 'gray'}>
                              {t(`providers.${provider}`)}: {t(set ? 'providers.set' : 'providers.notSet')}
                            </Badge>
                          ))}
                        </HStack>
                      )}
                    </>
                  )}
                  {justSaved === group && (
                    <Alert.Root status="success" role="status" data-testid="settings-saved">
                      <Alert.Indicator />
                      <Alert.Title>{t('saved')}</Alert.Title>
                    </Alert.Root>
                  )}
                  {failureText && !loadFailed && (
                    <Alert.Root status="error" role="alert" data-testid="settings-error">
                      <Alert.Indicator />
                      <Alert.Title>{failureText}</Alert.Title>
                    </Alert.Root>
                  )}
                  {!readOnly && (
                    <HStack gap="3">
                      <Button
                        type="submit"
                        size="xl"
                        colorPalette="brand"
                        loading={busy}
                        loadingText={t('saving')}
                      >
                        {t('save')}
                      </Button>
                      <Button
                        size="xl"
                        variant="outline"
                        disabled={!dirty}
                        onClick={() => actor.send({ type: 'edit.discard' })}
                      >
                        {t('discard')}
                      </Button>
                    </HStack>
                  )}
                </Stack>
              </form>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
      {/* The tokens are the settings roles' alone (a manager cannot list them): shown to whoever may write. */}
      {!readOnly && storeId !== null && <KioskTokensSection storeId={storeId} />}
      {/* The pay period and the card fee on tips (docs/payroll.md, "Pay settings"): the settings roles'. */}
      {!readOnly && storeId !== null && <PayrollSettingsSection storeId={storeId} />}
    </Stack>
  );
}
