/**
 * Tab 5, "Mobile widgets" (docs/platform.md#the-installable-app): device type, widget count, shortcut count,
 * display mode; add and remove widgets (id, name and url required; update interval 5 to 3600 seconds,
 * docs/platform.md#the-installable-app) and app shortcuts (name and url required; colour #667eea by default).
 * The lists are this device's setting (local-settings.ts); the defaults are the spec's four widgets and four
 * shortcuts.
 */
import {
  Button,
  chakra,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectDisplayMode, selectPlatformInfo } from '../../../../machines/install/install.selectors';
import { SYNC_CONFIG_LIMITS } from '../../../domain/constants';
import {
  addShortcut,
  addWidget,
  DEFAULT_SHORTCUT_COLOR,
  DEFAULT_SHORTCUTS,
  DEFAULT_WIDGETS,
  removeShortcut,
  removeWidget,
  shortcutsSetting,
  WIDGET_SIZES,
  widgetsSetting,
} from './local-settings';
import type { DraftError, ShortcutDraft, WidgetDraft } from './local-settings';
import { useListDraft } from './use-list-draft';
import type { PwaActors } from './pwa-context';
import { Fact, Facts, Section } from './settings-ui';

/** A native form without the browser's own validation bubbles: the spec's rules speak instead (docs/platform.md#the-installable-app). */
const Form = chakra('form');

function TextField({
  label,
  value,
  onChange,
  error,
  required,
  type = 'text',
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: DraftError;
  required?: boolean;
  type?: string;
  hint?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Field.Root required={required} invalid={error !== undefined}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input size="lg" type={type} value={value} onChange={(e) => onChange(e.target.value)} />
      {error ? (
        <Field.ErrorText>{t(error.code, error.params)}</Field.ErrorText>
      ) : (
        hint && <Field.HelperText>{hint}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** One "add to this device's list" form: a title, the fields in two columns, the add button. */
function AddForm({
  title,
  submitLabel,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form noValidate display="flex" flexDirection="column" gap="3" onSubmit={onSubmit} data-testid={testId}>
      <Text fontWeight="semibold">{title}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {children}
      </SimpleGrid>
      <HStack>
        <Button type="submit" colorPalette="brand" minH="11">
          {submitLabel}
        </Button>
      </HStack>
    </Form>
  );
}

/** A default's name in the reader's language; what someone typed stays as typed. */
function useDefaultName() {
  const { t } = useTranslation('common');
  return {
    widget: (id: string, name: string) =>
      DEFAULT_WIDGETS.some((w) => w.id === id && w.name === name) ? t(`pwa.widgets.defaults.${id}`) : name,
    shortcut: (name: string) => {
      const index = DEFAULT_SHORTCUTS.findIndex((s) => s.name === name);
      return index >= 0 ? t(`pwa.shortcuts.defaults.${index}`) : name;
    },
  };
}

const EMPTY_WIDGET: WidgetDraft = {
  id: '',
  name: '',
  description: '',
  size: 'small',
  url: '',
  updateInterval: '',
};

function WidgetForm() {
  const { t } = useTranslation('common');
  const { draft, errorOf, field, submit } = useListDraft(EMPTY_WIDGET, addWidget, widgetsSetting);
  const { min, max } = SYNC_CONFIG_LIMITS.widgetUpdateIntervalSeconds;
  return (
    <AddForm
      title={t('pwa.widgets.addTitle')}
      submitLabel={t('pwa.widgets.add')}
      onSubmit={submit}
      testId="widget-form"
    >
      <TextField
        label={t('pwa.widgets.id')}
        value={draft.id}
        onChange={field('id')}
        error={errorOf('id')}
        required
      />
      <TextField
        label={t('pwa.widgets.name')}
        value={draft.name}
        onChange={field('name')}
        error={errorOf('name')}
        required
      />
      <TextField
        label={t('pwa.widgets.description')}
        value={draft.description}
        onChange={field('description')}
      />
      <TextField
        label={t('pwa.widgets.url')}
        value={draft.url}
        onChange={field('url')}
        error={errorOf('url')}
        required
      />
      <Field.Root>
        <Field.Label>{t('pwa.widgets.size')}</Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field value={draft.size} onChange={(e) => field('size')(e.target.value)}>
            {WIDGET_SIZES.map((size) => (
              <option key={size} value={size}>
                {t(`pwa.widgets.sizes.${size}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <TextField
        label={t('pwa.widgets.updateInterval')}
        type="number"
        value={draft.updateInterval}
        onChange={field('updateInterval')}
        error={errorOf('updateInterval')}
        hint={t('pwa.sync.settings.range', { min, max })}
      />
    </AddForm>
  );
}

const EMPTY_SHORTCUT: ShortcutDraft = {
  name: '',
  shortName: '',
  description: '',
  url: '',
  color: DEFAULT_SHORTCUT_COLOR,
};

function ShortcutForm() {
  const { t } = useTranslation('common');
  const { draft, errorOf, field, submit } = useListDraft(EMPTY_SHORTCUT, addShortcut, shortcutsSetting);
  return (
    <AddForm
      title={t('pwa.shortcuts.addTitle')}
      submitLabel={t('pwa.shortcuts.add')}
      onSubmit={submit}
      testId="shortcut-form"
    >
      <TextField
        label={t('pwa.shortcuts.name')}
        value={draft.name}
        onChange={field('name')}
        error={errorOf('name')}
        required
      />
      <TextField label={t('pwa.shortcuts.shortName')} value={draft.shortName} onChange={field('shortName')} />
      <TextField
        label={t('pwa.shortcuts.description')}
        value={draft.description}
        onChange={field('description')}
      />
      <TextField
        label={t('pwa.shortcuts.url')}
        value={draft.url}
        onChange={field('url')}
        error={errorOf('url')}
        required
      />
      <TextField label={t('pwa.shortcuts.color')} value={draft.color} onChange={field('color')} />
    </AddForm>
  );
}

function ListTable({
  headers,
  children,
  testId,
}: {
  headers: string[];
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Header>
        <Table.Row>
          {headers.map((header) => (
            <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
          ))}
          <Table.ColumnHeader>
            <Text srOnly>{t('pwa.caching.actions')}</Text>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
}

export function WidgetsTab({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const widgets = useSyncExternalStore(widgetsSetting.subscribe, widgetsSetting.get);
  const shortcuts = useSyncExternalStore(shortcutsSetting.subscribe, shortcutsSetting.get);
  const info = useSelector(actors.install, selectPlatformInfo);
  const displayMode = useSelector(actors.install, selectDisplayMode);
  const names = useDefaultName();
  return (
    <Stack gap="4">
      <Section title={t('pwa.widgets.overview')} testId="widgets-overview">
        <Facts>
          <Fact label={t('pwa.install.deviceType')} value={t(`pwa.device.${info.deviceType}`)} />
          <Fact label={t('pwa.widgets.count')} value={widgets.length} testId="widget-count" />
          <Fact label={t('pwa.shortcuts.count')} value={shortcuts.length} testId="shortcut-count" />
          <Fact label={t('pwa.widgets.displayMode')} value={t(`pwa.install.display.${displayMode}`)} />
        </Facts>
      </Section>
      <Section title={t('pwa.widgets.title')} testId="widgets">
        <ListTable
          testId="widget-list"
          headers={[
            t('pwa.widgets.name'),
            t('pwa.widgets.size'),
            t('pwa.widgets.url'),
            t('pwa.widgets.updateInterval'),
          ]}
        >
          {widgets.map((widget) => (
            <Table.Row key={widget.id} data-testid="widget-row">
              <Table.Cell>{names.widget(widget.id, widget.name)}</Table.Cell>
              <Table.Cell>{t(`pwa.widgets.sizes.${widget.size}`)}</Table.Cell>
              <Table.Cell>{widget.url}</Table.Cell>
              <Table.Cell>{widget.updateInterval}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="sm"
                  minH="11"
                  variant="ghost"
                  aria-label={t('pwa.widgets.remove', { name: names.widget(widget.id, widget.name) })}
                  onClick={() => {
                    const result = removeWidget(widgets, widget.id);
                    if (result.ok) widgetsSetting.set(result.list);
                  }}
                >
                  {t('pwa.common.remove')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
        <WidgetForm />
      </Section>
      <Section title={t('pwa.shortcuts.title')} testId="shortcuts">
        <ListTable testId="shortcut-list" headers={[t('pwa.shortcuts.name'), t('pwa.shortcuts.url')]}>
          {shortcuts.map((shortcut, index) => (
            <Table.Row key={`${shortcut.name}-${index}`} data-testid="shortcut-row">
              <Table.Cell>{names.shortcut(shortcut.name)}</Table.Cell>
              <Table.Cell>{shortcut.url}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="sm"
                  minH="11"
                  variant="ghost"
                  aria-label={t('pwa.shortcuts.remove', { name: names.shortcut(shortcut.name) })}
                  onClick={() => shortcutsSetting.set(removeShortcut(shortcuts, index))}
                >
                  {t('pwa.common.remove')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
        <ShortcutForm />
      </Section>
    </Stack>
  );
}
