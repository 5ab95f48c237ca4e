/**
 * The editor of one row (new or existing) in a dialog: the config's fields, each error beside its field in the
 * user's language, the server's refusal above the form. What the user typed lives in the machine, so a
 * failed validation, a 422, a duplicate 409 or a lost connection keeps every character; the dialog closes
 * only on Cancel, Escape, or a save that succeeded.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Switch,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  selectEditor,
  selectEditorBusy,
  selectEditorOpen,
  selectEditorStatus,
} from '../../../../machines/resource/resource.selectors';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { listRows } from './resource-api';
import type { FieldIssue } from '../../../../machines/resource/resource.types';
import type { FieldConfig, ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { FieldProblems, SheetDialog } from './resource-dialog';
import { ImageField } from './resource-image-field';
import { errorText, issueText } from './resource-text';

/** A select's options read from another resource (its first 200 rows, the server's most per page), by label. */
function useOptionsFrom(field: FieldConfig): ReadonlyArray<{ value: string; label: string }> | null {
  const from = field.optionsFrom;
  const [options, setOptions] = useState<ReadonlyArray<{ value: string; label: string }> | null>(null);
  const key = from ? JSON.stringify(from) : '';
  useEffect(() => {
    if (!from) return undefined;
    const controller = new AbortController();
    const label = from.label ?? 'name';
    listRows<Record<string, unknown>>(
      from.resource,
      { page: 1, per_page: 200, sort: label, ...(from.filter ? { filter: from.filter } : {}) },
      { signal: controller.signal },
    )
      .then((page) =>
        setOptions(page.items.map((row) => ({ value: String(row.id), label: String(row[label] ?? row.id) }))),
      )
      .catch(() => setOptions([]));
    return () => controller.abort();
    // `key` stands for `from`: a config's object is rebuilt on renders, its content is not.
  }, [key]);
  return from ? options : null;
}

/** The control of a text-like field: an input of the right type, a text area, or a select of its options. */
function FieldControl({
  field,
  ns,
  text,
  onChange,
}: {
  field: FieldConfig;
  ns: string;
  text: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation([ns, 'admin']);
  const common = { name: field.name, 'data-testid': `field-${field.name}` };
  const fetched = useOptionsFrom(field);
  if (field.kind === 'textarea') {
    return (
      <Textarea
        {...common}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={field.maxLength}
        size="lg"
        autoresize
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          <option value="">{field.blank ? t(field.blank, { ns }) : t('admin:editor.choose')}</option>
          {fetched
            ? fetched.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))
            : (field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label, { ns })}
                </option>
              ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  }
  return (
    <Input
      {...common}
      type={field.kind === 'number' || field.kind === 'money' ? 'text' : field.kind}
      inputMode={
        field.inputMode ??
        (field.kind === 'number' ? 'numeric' : field.kind === 'money' ? 'decimal' : undefined)
      }
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={field.maxLength}
      size="lg"
      // A password or PIN typed here is someone else's: the browser must neither fill nor offer to save it.
      autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
    />
  );
}

/** The values a multiselect holds, as strings (a row's ids arrive as numbers). */
function selectedValues(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Several of a field's options (a coupon's services): one checkbox each in a scrolling box, so a long list stays
 * reachable by keyboard and touch. The value is the array of the chosen options' values.
 */
function MultiSelectControl({
  field,
  ns,
  value,
  onChange,
}: {
  field: FieldConfig;
  ns: string;
  value: unknown;
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation([ns, 'admin']);
  const fetched = useOptionsFrom(field);
  const options =
    fetched ?? (field.options ?? []).map((option) => ({ ...option, label: t(option.label, { ns }) }));
  const chosen = selectedValues(value);
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...chosen.filter((v) => v !== option), option] : chosen.filter((v) => v !== option));
  // Inside the field, every checkbox would take the field's own input and label ids (Ark's field context): the
  // labels then all pointed at the first box, so a tap on any option toggled nothing it showed. Each has its own.
  const baseId = useId();
  return (
    <Box
      data-testid={`field-${field.name}`}
      role="group"
      aria-label={t(field.label, { ns })}
      maxH="48"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      px="3"
      py="2"
    >
      <Stack gap="1">
        {options.map((option) => (
          <Checkbox.Root
            key={option.value}
            ids={{ label: `${baseId}-label-${option.value}`, hiddenInput: `${baseId}-input-${option.value}` }}
            checked={chosen.includes(option.value)}
            onCheckedChange={(details) => toggle(option.value, details.checked === true)}
            minH="11"
            data-testid={`field-${field.name}-option`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Box>
  );
}

/** A duplicate's holder (the row that has the value), as a link to open it (ResourceConfig.holderPath). */
function HolderLink({
  issues,
  ns,
  value,
  holderPath,
}: {
  issues: readonly FieldIssue[] | undefined;
  ns: string;
  value: string;
  holderPath?: ResourceConfig['holderPath'];
}) {
  const { t } = useTranslation(ns);
  const holder = issues?.find((issue) => typeof issue.params?.holder === 'number')?.params?.holder;
  if (!holderPath || typeof holder !== 'number') return null;
  return (
    <Link asChild color="brand.fg" fontSize="sm" minH="11" focusRingColor="brand.focusRing">
      <RouterLink to={holderPath({ id: holder, value })} data-testid="field-holder-link">
        {t('conflict.open')}
      </RouterLink>
    </Link>
  );
}

function FieldInput({
  field,
  ns,
  holderPath,
}: {
  field: FieldConfig;
  ns: string;
  holderPath?: ResourceConfig['holderPath'];
}) {
  const { t } = useTranslation([ns, 'admin']);
  const actor = ResourceActor.useActorRef();
  const value = ResourceActor.useSelector((s) => selectEditor(s).values[field.name]);
  const issues = ResourceActor.useSelector((s) => selectEditor(s).fieldErrors[field.name]);
  const busy = ResourceActor.useSelector(selectEditorBusy);
  const change = (next: unknown) => actor.send({ type: 'field.change', name: field.name, value: next });
  const invalid = issues !== undefined && issues.length > 0;
  const text = value === null || value === undefined ? '' : String(value);
  if (field.kind === 'image') return <ImageField field={field} ns={ns} />;
  if (field.kind === 'switch') {
    return (
      <Field.Root invalid={invalid} disabled={busy}>
        <Switch.Root
          checked={value === true || value === 'true' || value === '1'}
          onCheckedChange={(details) => change(details.checked)}
          colorPalette="brand"
          minH="11"
        >
          <Switch.HiddenInput data-testid={`field-${field.name}`} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t(field.label, { ns })}</Switch.Label>
        </Switch.Root>
        {invalid && <Field.ErrorText>{issues.map((issue) => issueText(t, issue)).join(' ')}</Field.ErrorText>}
      </Field.Root>
    );
  }
  return (
    <Field.Root invalid={invalid} required={field.required} disabled={busy}>
      <Field.Label>
        {t(field.label, { ns })}
        {field.required && <Field.RequiredIndicator />}
      </Field.Label>
      {field.kind === 'multiselect' ? (
        <MultiSelectControl field={field} ns={ns} value={value} onChange={change} />
      ) : (
        <FieldControl field={field} ns={ns} text={text} onChange={change} />
      )}
      {field.hint && !invalid && <Field.HelperText>{t(field.hint, { ns })}</Field.HelperText>}
      <FieldProblems name={field.name} issues={issues} />
      <HolderLink issues={issues} ns={ns} value={text} holderPath={holderPath} />
    </Field.Root>
  );
}

export function ResourceEditor({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const open = ResourceActor.useSelector(selectEditorOpen);
  const status = ResourceActor.useSelector(selectEditorStatus);
  const editor = ResourceActor.useSelector(selectEditor);
  const busy = ResourceActor.useSelector(selectEditorBusy);
  const isNew = editor.id === null;
  const close = () => actor.send({ type: 'editor.close' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'editor.submit', idempotencyKey: newIdempotencyKey() });
  };
  const one = t('one', { ns: config.namespace });
  return (
    <SheetDialog
      open={open}
      onClose={close}
      testId="resource-editor"
      data={{ 'data-status': status }}
      closeButton={{ size: 'sm', 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{t(isNew ? 'editor.newTitle' : 'editor.editTitle', { what: one })}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {status === 'loading' ? (
            <Spinner color="brand.solid" aria-label={t('states.loading')} />
          ) : (
            <Stack gap="4">
              {editor.error && status !== 'editing' && (
                <Alert.Root status="error" data-testid="editor-error">
                  <Alert.Indicator />
                  <Alert.Title>{errorText(t, editor.error)}</Alert.Title>
                </Alert.Root>
              )}
              {status !== 'loadFailed' &&
                config.fields
                  .filter((field) => (isNew ? !field.editOnly : !field.createOnly))
                  .map((field) => (
                    <FieldInput
                      key={field.name}
                      field={field}
                      ns={config.namespace}
                      holderPath={config.holderPath}
                    />
                  ))}
            </Stack>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" minH="11" onClick={close} data-testid="editor-cancel">
            {t('actions.cancel')}
          </Button>
          {status === 'loadFailed' ? (
            <Button minH="11" colorPalette="brand" onClick={() => actor.send({ type: 'editor.retry' })}>
              {t('actions.retry')}
            </Button>
          ) : (
            <Button
              type="submit"
              minH="11"
              colorPalette="brand"
              loading={busy && status !== 'loading'}
              disabled={status === 'loading'}
              data-testid="editor-save"
            >
              {t('actions.save')}
            </Button>
          )}
        </Dialog.Footer>
      </form>
    </SheetDialog>
  );
}
