/**
 * The gift cards' row actions (docs/back-office.md "Gift cards"): Reload (an amount added to the balance,
 * POST /api/giftcards/{id}/reload), Deactivate and Activate (POST /{id}/deactivate, /{id}/activate) and the
 * card's History (GET /{id}/histories). The balance is never typed: it moves only by these and by sales.
 *
 * Reload and the switches are the one-shot form chart (machines/form-submit): one submit is one intent, its
 * Idempotency-Key kept while the typed values stay the same, so a retry after a lost answer never adds the
 * amount twice (docs/decisions/005-idempotency-keys.md). They need a live answer and are never queued offline
 * (lib/offline-queue/classify.ts): offline they fail and say so. The amount is typed in the store currency's
 * units and sent in minor units, parsed by the domain (docs/money.md), checked by the contract's schema, each
 * problem under its field in the user's language and the typing kept.
 */
import { Alert, Badge, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { selectStoreSettings } from '../../../../../machines/auth/auth.selectors';
import { formSubmitMachine } from '../../../../../machines/form-submit/form-submit.machine';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectIsDone,
  selectValues,
} from '../../../../../machines/form-submit/form-submit.selectors';
import type { FormValues, SubmitFormInput } from '../../../../../machines/form-submit/form-submit.types';
import type { GiftcardHistoryView } from '../../../../contracts/giftcards';
import { GIFTCARD_HISTORY_KIND_VALUES } from '../../../../contracts/giftcards';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { api } from '../../../lib/api/api';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import { formatMoney } from '../../../lib/format';
import type { RowActionPanelProps } from '../resource-config';
import { FieldProblems } from '../resource-dialog';
import { errorText } from '../resource-text';
import { reloadBody } from './giftcard-rules';
import { PanelActions } from './panel-actions';
import { HistoryWhenCell, RowHistoryPanel } from './row-history-panel';
import type { RowHistoryConfig } from './row-history-panel';

const NS = 'admin-giftcards';

function useCurrency(): string {
  return useAuthSelector((s) => selectStoreSettings(s)?.currency) ?? DEFAULT_CURRENCY;
}

/** The one-shot form chart posting to `/giftcards/{id}/<action>`; `changed` when the server took it. */
function useCardWrite(
  action: 'reload' | 'deactivate' | 'activate',
  cardId: number,
  changed: () => void,
  body: (values: FormValues) => Record<string, unknown> | undefined,
  values: FormValues,
) {
  const onChanged = useRef(changed);
  onChanged.current = changed;
  const toBody = useRef(body);
  toBody.current = body;
  const [logic] = useState(() =>
    formSubmitMachine.provide({
      actors: {
        validate: fromPromise<void, { values: FormValues }>(async ({ input }) => {
          toBody.current(input.values);
        }),
        submit: fromPromise<unknown, SubmitFormInput>(({ input }) =>
          api.post(`/giftcards/${cardId}/${action}`, toBody.current(input.values), {
            idempotencyKey: input.idempotencyKey,
            skipNotice: true,
          }),
        ),
      },
      actions: { announceDone: () => onChanged.current() },
    }),
  );
  return useActorRef(logic, { input: { values } });
}

function Done({ text, close, testId }: { text: string; close: () => void; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="4" pb="4">
      <Alert.Root status="success" data-testid={`${testId}-done`}>
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
      <HStack justify="flex-end">
        <Button minH="11" colorPalette="brand" onClick={close} data-testid={`${testId}-close`}>
          {t('actions.close')}
        </Button>
      </HStack>
    </Stack>
  );
}

export function ReloadPanel({ row, close, changed }: RowActionPanelProps) {
  const { t, i18n } = useTranslation([NS, 'admin']);
  const currency = useCurrency();
  const actor = useCardWrite('reload', row.id, changed, (v) => reloadBody(v, currency), {
    amount: '',
    note: '',
  });
  const values = useSelector(actor, selectValues);
  const issues = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectFailure);
  const saving = useSelector(actor, selectIsBusy);
  const done = useSelector(actor, selectIsDone);
  const balance = typeof row.balance === 'number' ? formatMoney(row.balance, i18n.language, currency) : '';

  if (done) return <Done text={t('reload.done')} close={close} testId="giftcard-reload" />;

  const send = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() });
      }}
      noValidate
      data-testid="giftcard-reload-form"
    >
      <Stack gap="4" pb="4">
        <Text data-testid="giftcard-reload-balance">{t('reload.balance', { balance })}</Text>
        {error && !error.fieldErrors && (
          <Alert.Root status="error" data-testid="giftcard-reload-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, error)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={(issues.amount?.length ?? 0) > 0} required disabled={saving}>
          <Field.Label>
            {t('reload.amount', { currency })}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="amount"
            size="lg"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={values.amount ?? ''}
            onChange={(event) => send('amount', event.currentTarget.value)}
            data-testid="field-amount"
          />
          {!issues.amount && <Field.HelperText>{t('reload.hint')}</Field.HelperText>}
          <FieldProblems name="amount" issues={issues.amount} />
        </Field.Root>
        <Field.Root invalid={(issues.note?.length ?? 0) > 0} disabled={saving}>
          <Field.Label>{t('reload.note')}</Field.Label>
          <Textarea
            name="note"
            maxLength={500}
            value={values.note ?? ''}
            onChange={(event) => send('note', event.currentTarget.value)}
            data-testid="field-note"
          />
          <FieldProblems name="note" issues={issues.note} />
        </Field.Root>
        <PanelActions
          close={close}
          saving={saving}
          label={t('reload.action')}
          testId="giftcard-reload-save"
        />
      </Stack>
    </form>
  );
}

/** Deactivate or Activate: what it means for the card, then the one button that does it. */
function SwitchPanel({
  row,
  close,
  changed,
  action,
}: RowActionPanelProps & { action: 'deactivate' | 'activate' }) {
  const { t } = useTranslation([NS, 'admin']);
  const actor = useCardWrite(action, row.id, changed, () => undefined, {});
  const error = useSelector(actor, selectFailure);
  const saving = useSelector(actor, selectIsBusy);
  const done = useSelector(actor, selectIsDone);
  const testId = `giftcard-${action}`;
  if (done) return <Done text={t(`${action}.done`)} close={close} testId={testId} />;
  return (
    <Stack gap="4" pb="4">
      <Text>{t(`${action}.explain`, { number: String(row.number) })}</Text>
      {error && (
        <Alert.Root status="error" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Title>{errorText(t, error)}</Alert.Title>
        </Alert.Root>
      )}
      <PanelActions
        close={close}
        saving={saving}
        label={t(`${action}.action`)}
        testId={`${testId}-confirm`}
        danger={action === 'deactivate'}
        onAct={() => actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() })}
      />
    </Stack>
  );
}

export function DeactivatePanel(props: RowActionPanelProps) {
  return <SwitchPanel {...props} action="deactivate" />;
}

export function ActivatePanel(props: RowActionPanelProps) {
  return <SwitchPanel {...props} action="activate" />;
}

function AmountCell({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  const currency = useCurrency();
  return (
    <Badge
      colorPalette={amount < 0 ? 'red' : amount > 0 ? 'green' : 'gray'}
      data-testid="giftcard-history-amount"
    >
      {amount > 0 ? '+' : ''}
      {formatMoney(amount, i18n.language, currency)}
    </Badge>
  );
}

function MoneyText({ minor }: { minor: number }) {
  const { i18n } = useTranslation();
  return <>{formatMoney(minor, i18n.language, useCurrency())}</>;
}

function KindCell({ item }: { item: GiftcardHistoryView }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t(`kinds.${item.kind}`)}
      {item.sale_id !== null && (
        <Text color="fg.muted" fontSize="sm">
          {t('history.sale', { id: item.sale_id })}
        </Text>
      )}
      {item.note && (
        <Text color="fg.muted" fontSize="sm">
          {item.note}
        </Text>
      )}
    </>
  );
}

const HISTORY: RowHistoryConfig<GiftcardHistoryView> = {
  resource: 'giftcards',
  namespace: NS,
  testId: 'giftcard-history',
  columns: [
    {
      key: 'when',
      label: 'history.when',
      cell: (item) => <HistoryWhenCell at={item.created_at} by={item.user_name} />,
    },
    { key: 'kind', label: 'history.kind', cell: (item) => <KindCell item={item} /> },
    {
      key: 'amount',
      label: 'history.amount',
      align: 'end',
      cell: (item) => <AmountCell amount={item.amount} />,
    },
    {
      key: 'balance_after',
      label: 'history.balanceAfter',
      align: 'end',
      cell: (item) => <MoneyText minor={item.balance_after} />,
    },
  ],
  filters: [
    {
      field: 'kind',
      label: 'history.kind',
      kind: 'select',
      options: GIFTCARD_HISTORY_KIND_VALUES.map((kind) => ({ value: kind, label: `kinds.${kind}` })),
    },
    { field: 'date_from', label: 'history.dateFrom', kind: 'date' },
    { field: 'date_to', label: 'history.dateTo', kind: 'date' },
  ],
};

export function GiftcardHistoryPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={HISTORY} />;
}
