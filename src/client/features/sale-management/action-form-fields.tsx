/**
 * The forms of the action modes that have one (machines/sale-management/sale-management.modes.ts: refund, tip,
 * change time, change employee, change status). Each writes its values into the chart with `form.change` (the
 * shapes are action-forms.ts) and submits with `form.submit`; the Continue button is enabled only when the chart
 * can take the form and the values are complete. What is typed stays in the field (its keystrokes in useState);
 * what it means lives in the chart.
 */
import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SaleDetailBundle } from '../../../../machines/sale-list/sale-list.types';
import type { saleManagementMachine } from '../../../../machines/sale-management/sale-management.machine';
import {
  selectCanSubmitForm,
  selectForm,
} from '../../../../machines/sale-management/sale-management.selectors';
import type { ActionForm } from '../../../../machines/sale-management/sale-management.types';
import { ACTION_MODE } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { parseAmount } from '../../../domain/amount';
import { toDecimalString } from '../../../domain/money';
import {
  isoToStoreTime,
  readEmployeeForm,
  readOrderDateForm,
  readRefundForm,
  readStatusForm,
  readTipForm,
  statusTargets,
  storeTimeToIso,
} from './action-forms';
import { everythingLeft, refundableLines, refundPreview } from './refund-preview';
import type { RefundChoice } from './refund-preview';
import { useSaleFormat } from './sale-format';

export type ActionsRef = ActorRefFrom<typeof saleManagementMachine>;

interface FormProps {
  actions: ActionsRef;
  bundle: SaleDetailBundle;
}

const READERS: Readonly<Record<string, (form: ActionForm | null) => unknown>> = {
  [ACTION_MODE.REFUND]: readRefundForm,
  [ACTION_MODE.TIP]: readTipForm,
  [ACTION_MODE.CHANGE_ORDER_DATE]: readOrderDateForm,
  [ACTION_MODE.CHANGE_EMPLOYEE]: readEmployeeForm,
  [ACTION_MODE.EDIT]: readStatusForm,
};

/** The form of a mode and its Continue button (Save when nothing comes after it). */
function ModeForm({
  actions,
  mode,
  last,
  children,
}: {
  actions: ActionsRef;
  mode: string;
  last: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const canSubmit = useSelector(actions, selectCanSubmitForm);
  const complete = useSelector(actions, (snapshot) => READERS[mode]?.(selectForm(snapshot)) != null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && complete) actions.send({ type: 'form.submit' });
  };
  return (
    <Stack as="form" gap="5" onSubmit={submit} data-testid="action-form">
      {children}
      <Button type="submit" size="xl" colorPalette="brand" disabled={!canSubmit || !complete}>
        {last ? t('sale_management.dialog.save') : t('sale_management.dialog.continue')}
      </Button>
    </Stack>
  );
}

function RefundFields({ actions, bundle }: FormProps) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const chosen = useSelector(actions, (snapshot) => readRefundForm(selectForm(snapshot))?.lines ?? []);
  const lines = refundableLines(bundle.sale);
  const set = (next: RefundChoice[]) => actions.send({ type: 'form.change', values: { lines: next } });
  const choiceOf = (id: number) => chosen.find((c) => c.sale_line_id === id);
  const toggle = (id: number, quantity: number, on: boolean) =>
    set(
      on
        ? [...chosen.filter((c) => c.sale_line_id !== id), { sale_line_id: id, quantity }]
        : chosen.filter((c) => c.sale_line_id !== id),
    );
  const amount = refundPreview(bundle.sale, format.currency, chosen);
  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Button type="button" variant="outline" size="lg" onClick={() => set(everythingLeft(bundle.sale))}>
          {t('sale_management.refund.all')}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={() => set([])}
          disabled={chosen.length === 0}
        >
          {t('sale_management.refund.none')}
        </Button>
      </HStack>
      <Stack as="fieldset" gap="3">
        <Text as="legend" fontWeight="semibold" mb="2">
          {t('sale_management.refund.choose')}
        </Text>
        {lines.map((line) => {
          const choice = choiceOf(line.saleLineId);
          return (
            <HStack
              key={line.saleLineId}
              justify="space-between"
              gap="3"
              wrap="wrap"
              data-testid="refund-line"
            >
              <Checkbox.Root
                size="lg"
                minH="11"
                checked={choice !== undefined}
                onCheckedChange={(e) => toggle(line.saleLineId, line.remaining, e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t('sale_management.refund.line', { name: line.name, employee: line.employeeName })}
                  <Text as="span" color="fg.muted" ms="2">
                    {t('sale_management.refund.left', { count: line.remaining })}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
              {choice && line.remaining > 1 && (
                <NativeSelect.Root size="lg" width="auto">
                  <NativeSelect.Field
                    aria-label={t('sale_management.refund.quantity', { name: line.name })}
                    value={String(choice.quantity)}
                    onChange={(e) =>
                      set(
                        chosen.map((c) =>
                          c.sale_line_id === line.saleLineId
                            ? { ...c, quantity: Number(e.currentTarget.value) }
                            : c,
                        ),
                      )
                    }
                  >
                    {Array.from({ length: line.remaining }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </HStack>
          );
        })}
      </Stack>
      <HStack
        justify="space-between"
        p="3"
        borderRadius="l2"
        bg="bg.muted"
        fontSize="lg"
        fontWeight="semibold"
        aria-live="polite"
        data-testid="refund-amount"
      >
        <Text>{t('sale_management.refund.amount')}</Text>
        <Text>{format.money(amount)}</Text>
      </HStack>
    </Stack>
  );
}

function TipFields({ actions, bundle }: FormProps) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const groups = bundle.sale.orderEmployees;
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      groups.map((g) => [g.employee.id, toDecimalString(g.tips?.tip_amount ?? 0, format.currency)]),
    ),
  );
  const change = (id: number, text: string) => {
    const next = { ...texts, [id]: text };
    setTexts(next);
    const tips = groups.map((g) => ({
      user_id: g.employee.id,
      tip_amount: parseAmount(next[g.employee.id] ?? '', format.currency),
    }));
    const valid = tips.every((tip) => tip.tip_amount !== null && tip.tip_amount >= 0);
    actions.send({ type: 'form.change', values: { tips: valid ? tips : [] } });
  };
  return (
    <Stack gap="4">
      {groups.map((g) => {
        const invalid = parseAmount(texts[g.employee.id] ?? '', format.currency) === null;
        return (
          <Field.Root key={g.employee.id} invalid={invalid}>
            <Field.Label>{t('sale_management.tip.label', { name: g.employee.name })}</Field.Label>
            <Input
              size="xl"
              inputMode="decimal"
              autoComplete="off"
              value={texts[g.employee.id] ?? ''}
              onChange={(e) => change(g.employee.id, e.currentTarget.value)}
            />
            {invalid && <Field.ErrorText>{t('sale_management.tip.invalid')}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Stack>
  );
}

function OrderDateFields({ actions, bundle }: FormProps) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const [value, setValue] = useState(() => isoToStoreTime(bundle.sale.order_at, format.timeZone));
  return (
    <Field.Root>
      <Field.Label>{t('sale_management.orderDate.label')}</Field.Label>
      <Input
        type="datetime-local"
        size="xl"
        value={value}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setValue(next);
          actions.send({
            type: 'form.change',
            values: { order_at: storeTimeToIso(next, format.timeZone) ?? '' },
          });
        }}
      />
      <Field.HelperText>{t('sale_management.orderDate.help', { zone: format.timeZone })}</Field.HelperText>
    </Field.Root>
  );
}

function EmployeeFields({ actions, bundle }: FormProps) {
  const { t } = useTranslation('common');
  const groups = bundle.sale.orderEmployees;
  const [from, setFrom] = useState(groups[0]?.employee.id ?? 0);
  const [to, setTo] = useState(0);
  const update = (nextFrom: number, nextTo: number) => {
    setFrom(nextFrom);
    setTo(nextTo);
    actions.send({ type: 'form.change', values: { from_employee_id: nextFrom, to_employee_id: nextTo } });
  };
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{t('sale_management.employee.from')}</Field.Label>
        <NativeSelect.Root size="xl">
          <NativeSelect.Field
            value={String(from)}
            onChange={(e) => update(Number(e.currentTarget.value), to)}
          >
            {groups.map((g) => (
              <option key={g.employee.id} value={g.employee.id}>
                {g.employee.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('sale_management.employee.to')}</Field.Label>
        <NativeSelect.Root size="xl">
          <NativeSelect.Field
            value={String(to)}
            onChange={(e) => update(from, Number(e.currentTarget.value))}
          >
            <option value="0">{t('sale_management.employee.choose')}</option>
            {bundle.employees
              .filter((e) => e.id !== from)
              .map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
  );
}

function StatusFields({ actions, bundle }: FormProps) {
  const { t } = useTranslation('common');
  const [value, setValue] = useState('');
  const targets: SaleStatus[] = statusTargets(bundle.sale.status);
  return (
    <Field.Root>
      <Field.Label>{t('sale_management.statusForm.label')}</Field.Label>
      <NativeSelect.Root size="xl">
        <NativeSelect.Field
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            actions.send({ type: 'form.change', values: { status: Number(e.currentTarget.value) } });
          }}
        >
          <option value="">{t('sale_management.statusForm.choose')}</option>
          {targets.map((status) => (
            <option key={status} value={status}>
              {t(`sale_management.status.${status}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const FIELDS: Readonly<Record<string, (props: FormProps) => ReactNode>> = {
  [ACTION_MODE.REFUND]: RefundFields,
  [ACTION_MODE.TIP]: TipFields,
  [ACTION_MODE.CHANGE_ORDER_DATE]: OrderDateFields,
  [ACTION_MODE.CHANGE_EMPLOYEE]: EmployeeFields,
  [ACTION_MODE.EDIT]: StatusFields,
};

/** The editing step of `mode`; `last` when the form's submit is the action itself (no confirm, no PIN). */
export function ActionFormFields({ mode, last, ...props }: FormProps & { mode: string; last: boolean }) {
  const Fields = FIELDS[mode];
  if (!Fields) return null;
  return (
    <ModeForm actions={props.actions} mode={mode} last={last}>
      <Box>
        <Fields {...props} />
      </Box>
    </ModeForm>
  );
}
