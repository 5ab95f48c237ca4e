/**
 * The fields of a settings group (settings-form.ts GROUP_FIELDS) and the tax list's rows. Every input is
 * controlled by the editor's values, so what was typed stays after a failed check or save.
 */
import {
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Codes, SettingsGroup } from '../../../contracts/settings';
import type { FieldErrors, GroupValues } from '../../../../machines/settings-editor/settings-editor.types';
import { getCodes } from './settings-api';
import { amountText, errorKeyFor, GROUP_FIELDS } from './settings-form';
import type { FieldDef } from './settings-form';

const NS = 'admin-settings';

interface FieldsProps {
  values: GroupValues;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (field: string, value: unknown) => void;
}

function useCodeList(codeName: FieldDef['codes']): string[] {
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => {
    if (!codeName) return;
    let live = true;
    void getCodes({ codeName })
      .then((codes: Codes | null) => {
        if (live && codes) setKeys(codes.items.map((item) => item.key));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [codeName]);
  return keys;
}

function errorOf(errors: FieldErrors, field: string, t: (key: string) => string): string | null {
  const error = errors[field];
  return error === undefined ? null : t(`errors.${errorKeyFor(field, error)}`);
}

function textValue(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function SettingField({
  def,
  values,
  errors,
  readOnly,
  currency,
  onChange,
}: FieldsProps & { def: FieldDef; currency: string }) {
  const { t } = useTranslation(NS);
  const codes = useCodeList(def.codes);
  const problem = errorOf(errors, def.name, t);
  const value = values[def.name];
  const label = t(`fields.${def.name}`);
  const id = `settings-${def.name}`;

  if (def.kind === 'switch') {
    return (
      <Field.Root invalid={problem !== null}>
        <Checkbox.Root
          checked={value === true}
          disabled={readOnly}
          onCheckedChange={(details) => onChange(def.name, details.checked === true)}
          size="lg"
          minH="11"
        >
          <Checkbox.HiddenInput name={def.name} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    );
  }

  return (
    <Field.Root invalid={problem !== null} readOnly={readOnly}>
      <Field.Label fontSize="md" htmlFor={id}>
        {label}
      </Field.Label>
      {def.kind === 'select' ? (
        <NativeSelect.Root size="lg" disabled={readOnly}>
          <NativeSelect.Field
            id={id}
            name={def.name}
            value={textValue(value)}
            onChange={(event) => onChange(def.name, event.currentTarget.value)}
          >
            {(def.options ?? []).map((option) => (
              <option key={option} value={option}>
                {t(`options.${def.name}.${option}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : def.kind === 'textarea' ? (
        <Textarea
          id={id}
          name={def.name}
          size="lg"
          rows={3}
          value={textValue(value)}
          onChange={(event) => onChange(def.name, event.currentTarget.value)}
        />
      ) : (
        <Input
          id={id}
          name={def.name}
          size="lg"
          inputMode={def.kind === 'text' ? undefined : 'decimal'}
          list={codes.length > 0 ? `${id}-codes` : undefined}
          value={def.kind === 'amount' ? amountText(value, currency) : textValue(value)}
          onChange={(event) => onChange(def.name, event.currentTarget.value)}
        />
      )}
      {codes.length > 0 && (
        <datalist id={`${id}-codes`}>
          {codes.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      )}
      <Field.HelperText>{t(`hints.${def.name}`, { defaultValue: '' })}</Field.HelperText>
      {problem && <Field.ErrorText data-testid={`settings-error-${def.name}`}>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

export function SettingsFields({
  group,
  currency,
  ...props
}: FieldsProps & { group: SettingsGroup; currency: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {GROUP_FIELDS[group].map((def) => (
        <SettingField key={def.name} def={def} currency={currency} {...props} />
      ))}
    </SimpleGrid>
  );
}

interface TaxRow {
  id?: number;
  name: unknown;
  rate: unknown;
  is_active: unknown;
}

/** The store's named tax rates in order: the position counts for tax on tax. */
export function TaxList({ values, errors, readOnly, onChange }: FieldsProps) {
  const { t } = useTranslation(NS);
  const rows = (Array.isArray(values.taxes) ? values.taxes : []) as TaxRow[];
  const set = (next: TaxRow[]) => onChange('taxes', next);
  const update = (index: number, patch: Partial<TaxRow>) =>
    set(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const listProblem = errorOf(errors, 'taxes', t);
  return (
    <Stack gap="3" data-testid="settings-tax-list">
      <Text fontWeight="semibold">{t('taxes.title')}</Text>
      {rows.length === 0 && <Text color="fg.muted">{t('taxes.empty')}</Text>}
      {rows.map((row, index) => {
        const nameProblem = errorOf(errors, `taxes.${index}.name`, t);
        const rateProblem = errorOf(errors, `taxes.${index}.rate`, t);
        return (
          <HStack
            key={row.id ?? `new-${index}`}
            align="flex-start"
            gap="3"
            wrap="wrap"
            data-testid="settings-tax-row"
          >
            <Text minW="6" pt="2">
              {index + 1}.
            </Text>
            <Field.Root invalid={nameProblem !== null} readOnly={readOnly} flex="2" minW="40">
              <Field.Label>{t('taxes.name')}</Field.Label>
              <Input
                name={`taxes.${index}.name`}
                value={textValue(row.name)}
                onChange={(event) => update(index, { name: event.currentTarget.value })}
              />
              {nameProblem && <Field.ErrorText>{nameProblem}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={rateProblem !== null} readOnly={readOnly} flex="1" minW="28">
              <Field.Label>{t('taxes.rate')}</Field.Label>
              <Input
                name={`taxes.${index}.rate`}
                inputMode="decimal"
                value={textValue(row.rate)}
                onChange={(event) => update(index, { rate: event.currentTarget.value })}
              />
              {rateProblem && <Field.ErrorText>{rateProblem}</Field.ErrorText>}
            </Field.Root>
            <Checkbox.Root
              checked={row.is_active !== false}
              disabled={readOnly}
              onCheckedChange={(details) => update(index, { is_active: details.checked === true })}
              pt="8"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('taxes.active')}</Checkbox.Label>
            </Checkbox.Root>
            {!readOnly && (
              <Button variant="ghost" mt="6" onClick={() => set(rows.filter((_, i) => i !== index))}>
                {t('taxes.remove')}
              </Button>
            )}
          </HStack>
        );
      })}
      {listProblem && <Text color="fg.error">{listProblem}</Text>}
      {!readOnly && (
        <Button
          variant="outline"
          alignSelf="flex-start"
          onClick={() => set([...rows, { name: '', rate: '', is_active: true }])}
        >
          {t('taxes.add')}
        </Button>
      )}
    </Stack>
  );
}
