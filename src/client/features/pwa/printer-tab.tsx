/**
 * Tab 6, "Receipt printer" (ours, docs/printing.md; beside docs/platform.md's five tabs because the printer settings are
 * this device's, like the others here): how the till reaches its thermal printer (browser printing, USB, serial
 * or the network bridge), its command language, paper width, character table, and whether a cash sale opens the
 * drawer. Each change is saved at once under `printer_settings`, which logout keeps (docs/security.md#sessions kept list). A
 * transport this browser lacks (Safari has neither WebUSB nor Web Serial, ADR 018) is offered disabled with why.
 * Below, "No sale" opens the drawer with a manager's PIN (components/cash-drawer/no-sale-form.tsx).
 */
import { Button, Checkbox, Field, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoSaleForm } from '../../components/cash-drawer/no-sale-form';
import {
  PRINTER_CODEPAGES,
  PRINTER_COLUMNS,
  PRINTER_LANGUAGES,
  PRINTER_TRANSPORTS,
  defaultBridgeUrl,
  isBridgeUrl,
  readPrinterSettings,
  savePrinterSettings,
} from '../../lib/printing/printer-settings';
import type { PrinterSettings } from '../../lib/printing/printer-settings';
import { transportAvailable } from '../../lib/printing/transports';
import { Section } from './settings-ui';

export function PrinterTab() {
  const { t } = useTranslation('common');
  const [settings, setSettings] = useState(readPrinterSettings);
  const [noSaleOpen, setNoSaleOpen] = useState(false);
  const change = (patch: Partial<PrinterSettings>) => {
    const next = { ...settings, ...patch };
    // A network printer starts from the local printer socket on this host ({host}/manage).
    if (patch.transport === 'network' && !next.bridgeUrl) next.bridgeUrl = defaultBridgeUrl(window.location);
    setSettings(next);
    savePrinterSettings(next);
  };
  const thermal = settings.transport !== 'browser';
  const bridgeInvalid = settings.transport === 'network' && !isBridgeUrl(settings.bridgeUrl);

  return (
    <Stack gap="4" data-testid="printer-settings">
      <Section title={t('printer.transport.title')} testId="printer-transport">
        <RadioGroup.Root
          value={settings.transport}
          onValueChange={(details) => {
            const value = PRINTER_TRANSPORTS.find((transport) => transport === details.value);
            if (value) change({ transport: value });
          }}
        >
          <Stack gap="3">
            {PRINTER_TRANSPORTS.map((transport) => {
              const available = transportAvailable(transport);
              return (
                <RadioGroup.Item key={transport} value={transport} disabled={!available} minH="11">
                  <RadioGroup.ItemHiddenInput data-testid={`printer-transport-${transport}`} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {t(`printer.transport.${transport}`)}
                    {!available && (
                      <Text as="span" display="block" fontSize="sm" color="fg.muted">
                        {t('printer.transport.unavailable')}
                      </Text>
                    )}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              );
            })}
          </Stack>
        </RadioGroup.Root>
        {settings.transport === 'network' && (
          <Field.Root invalid={bridgeInvalid}>
            <Field.Label>{t('printer.bridgeUrl')}</Field.Label>
            <Input
              size="lg"
              value={settings.bridgeUrl}
              inputMode="url"
              onChange={(event) => change({ bridgeUrl: event.target.value })}
              data-testid="printer-bridge-url"
            />
            <Field.HelperText>{t('printer.bridgeHelp')}</Field.HelperText>
            {bridgeInvalid && <Field.ErrorText>{t('printer.bridgeInvalid')}</Field.ErrorText>}
          </Field.Root>
        )}
        {settings.transport === 'serial' && (
          <Field.Root>
            <Field.Label>{t('printer.baudRate')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                value={String(settings.baudRate)}
                onChange={(event) => change({ baudRate: Number(event.target.value) })}
              >
                {[9600, 19200, 38400, 57600, 115200].map((rate) => (
                  <option key={rate} value={rate}>
                    {rate}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </Section>

      {thermal && (
        <Section title={t('printer.format.title')} testId="printer-format">
          <Field.Root>
            <Field.Label>{t('printer.format.language')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                value={settings.language}
                data-testid="printer-language"
                onChange={(event) => {
                  const value = PRINTER_LANGUAGES.find((language) => language === event.target.value);
                  if (value) change({ language: value });
                }}
              >
                {PRINTER_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`printer.format.languages.${language}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('printer.format.columns')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                value={String(settings.columns)}
                data-testid="printer-columns"
                onChange={(event) => {
                  const value = PRINTER_COLUMNS.find((columns) => String(columns) === event.target.value);
                  if (value) change({ columns: value });
                }}
              >
                {PRINTER_COLUMNS.map((columns) => (
                  <option key={columns} value={columns}>
                    {t('printer.format.columnsOption', { count: columns })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('printer.format.codepage')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                value={settings.codepage}
                onChange={(event) => {
                  const value = PRINTER_CODEPAGES.find((codepage) => codepage === event.target.value);
                  if (value) change({ codepage: value });
                }}
              >
                {PRINTER_CODEPAGES.map((codepage) => (
                  <option key={codepage} value={codepage}>
                    {codepage === 'auto' ? t('printer.format.codepageAuto') : codepage}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('printer.format.codepageHelp')}</Field.HelperText>
          </Field.Root>
        </Section>
      )}

      <Section title={t('printer.drawer.title')} testId="printer-drawer">
        <Checkbox.Root
          checked={settings.kickDrawerOnCash}
          disabled={!thermal}
          onCheckedChange={(details) => change({ kickDrawerOnCash: details.checked === true })}
          size="lg"
          minH="11"
        >
          <Checkbox.HiddenInput data-testid="printer-kick-on-cash" />
          <Checkbox.Control />
          <Checkbox.Label>{t('printer.drawer.kickOnCash')}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted">
          {t(thermal ? 'printer.drawer.help' : 'printer.drawer.needsPrinter')}
        </Text>
        {noSaleOpen ? (
          <Suspense fallback={null}>
            <NoSaleForm onDone={() => setNoSaleOpen(false)} />
          </Suspense>
        ) : (
          <Button
            variant="outline"
            minH="11"
            alignSelf="start"
            disabled={!thermal}
            onClick={() => setNoSaleOpen(true)}
            data-testid="no-sale-open"
          >
            {t('noSale.open')}
          </Button>
        )}
      </Section>
    </Stack>
  );
}
