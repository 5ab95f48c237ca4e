/**
 * The technicians' pay settings on the payroll screen (docs/payroll.md, "Pay settings"), for owners and admins:
 * each active technician with her plan, one editable at a time. The list is a record chart and the edit a form
 * sent once (machines/record, machines/form-submit, given their requests in payroll-logic.ts); a session the
 * server refuses (403: a manager) sees no panel. Amounts are typed in the currency's major units.
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectIsDone,
  selectValues,
} from '../../../../machines/form-submit/form-submit.selectors';
import {
  selectRecord,
  selectRecordFailure,
  selectRecordStatus,
} from '../../../../machines/record/record.selectors';
import type { PaySettingsView } from '../../../contracts/payroll-runs';
import { TIER_MODES } from '../../../domain/payroll';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { useOnlineEvent } from '../../lib/online-events';
import { PAYOUT_KINDS, PLAN_KINDS, paySettingsValues } from './pay-settings-form';
import { paySettingsFormLogic, paySettingsLogic } from './payroll-logic';
import { failureText, NS } from './payroll-text';

type Technician = PaySettingsView['technicians'][number];

export function PaySettingsPanel({ storeId, currency }: { storeId: number; currency: string }) {
  const { t } = useTranslation(NS);
  const actor = useActorRef(paySettingsLogic, { input: { id: storeId } });
  useOnlineEvent(actor);
  const status = useSelector(actor, selectRecordStatus);
  const view = useSelector(actor, selectRecord);
  const failure = useSelector(actor, selectRecordFailure);
  const [editing, setEditing] = useState<number | null>(null);
  const reload = useCallback(() => actor.send({ type: 'reload' }), [actor]);
  // Managers are refused the pay settings (owners and admins only): no panel for them.
  if (failure?.status === 403) return null;
  return (
    <Stack gap="3" as="section" aria-label={t('settings.title')} data-testid="pay-settings">
      <Heading as="h2" size="lg">
        {t('settings.title')}
      </Heading>
      {status === 'loading' && <Spinner aria-label={t('loading')} />}
      {(status === 'failed' || status === 'offline') && failure && (
        <Alert.Root status="error">
          <Alert.Description>{failureText(t, failure)}</Alert.Description>
          <Button size="sm" minH="11" onClick={() => actor.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {view && (
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Body>
              {view.technicians.map((tech) => (
                <Table.Row key={tech.user_id}>
                  <Table.Cell>{tech.name}</Table.Cell>
                  <Table.Cell>
                    {tech.pay_settings
                      ? t(`settings.plan.${tech.pay_settings.plan.kind}`)
                      : t('settings.defaults')}
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="sm"
                      minH="11"
                      variant="outline"
                      onClick={() => setEditing(tech.user_id)}
                      data-testid={`pay-settings-edit-${tech.user_id}`}
                    >
                      {t('settings.edit')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {view && editing !== null && (
        <TechnicianForm
          key={editing}
          tech={view.technicians.find((x) => x.user_id === editing)!}
          currency={currency}
          close={() => setEditing(null)}
          saved={reload}
        />
      )}
    </Stack>
  );
}

function TechnicianForm(props: { tech: Technician; currency: string; close: () => void; saved: () => void }) {
  const { tech, currency, close, saved } = props;
  const { t } = useTranslation(NS);
  const logic = useMemo(
    () => paySettingsFormLogic(tech.user_id, currency, saved),
    [tech.user_id, currency, saved],
  );
  const actor = useActorRef(logic, {
    input: { values: paySettingsValues(tech.pay_settings, tech.commission_rate, currency) },
  });
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const done = useSelector(actor, selectIsDone);
  const change = (name: string) => (event: { currentTarget: { value: string } }) =>
    actor.send({ type: 'field.change', name, value: event.currentTarget.value });
  const problem = (name: string) =>
    errors[name]?.map((issue) => t([`issue.${issue.code}`, 'settings.invalid'])).join(', ');
  const select = (name: string, options: readonly string[], prefix: string) => (
    <NativeSelect.Root>
      <NativeSelect.Field value={values[name] ?? ''} onChange={change(name)} data-testid={`pay-${name}`}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const field = (name: string, control: ReactNode, hint?: string) => (
    <Field.Root invalid={Boolean(errors[name]?.length)}>
      <Field.Label>{t(`settings.fields.${name}`)}</Field.Label>
      {control}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{problem(name)}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Stack
      as="form"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-label={t('settings.editing', { name: tech.name })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() });
      }}
    >
      <Heading as="h3" size="md">
        {t('settings.editing', { name: tech.name })}
      </Heading>
      {field('mode', select('mode', TIER_MODES, 'settings.mode'))}
      {field(
        'tiers',
        <Textarea value={values.tiers ?? ''} onChange={change('tiers')} rows={3} />,
        t('settings.tiersHint'),
      )}
      <HStack gap="3" wrap="wrap" align="flex-start">
        {field(
          'productRate',
          <Input inputMode="decimal" value={values.productRate ?? ''} onChange={change('productRate')} />,
        )}
        {field(
          'hourlyRate',
          <Input inputMode="decimal" value={values.hourlyRate ?? ''} onChange={change('hourlyRate')} />,
        )}
      </HStack>
      <HStack gap="3" wrap="wrap" align="flex-start">
        {field('plan', select('plan', PLAN_KINDS, 'settings.plan'))}
        {values.plan !== 'commission' &&
          field(
            'planAmount',
            <Input inputMode="decimal" value={values.planAmount ?? ''} onChange={change('planAmount')} />,
          )}
      </HStack>
      <HStack gap="3" wrap="wrap" align="flex-start">
        {field('payout', select('payout', PAYOUT_KINDS, 'settings.payout'))}
        {values.payout !== 'all_check' &&
          values.payout !== 'all_cash' &&
          field(
            'payoutValue',
            <Input inputMode="decimal" value={values.payoutValue ?? ''} onChange={change('payoutValue')} />,
          )}
      </HStack>
      {failure && failure.kind !== 'validation' && <Text color="fg.error">{failureText(t, failure)}</Text>}
      {done && <Text color="fg.success">{t('settings.saved')}</Text>}
      <HStack gap="3">
        <Button type="submit" minH="11" colorPalette="brand" loading={busy} data-testid="pay-settings-save">
          {t('settings.save')}
        </Button>
        <Button minH="11" variant="ghost" onClick={close}>
          {t('settings.close')}
        </Button>
      </HStack>
    </Stack>
  );
}
