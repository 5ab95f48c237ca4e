/**
 * The "Payroll" section of /admin/settings (docs/payroll.md, "Pay settings"): how the store cuts pay periods
 * (weekly or biweekly from an anchor day, semi-monthly, monthly) and whether the card processor's fee on card
 * tips is taken from the tips (off unless the owner turns it on: some states forbid it). The charts and their
 * requests are in payroll-settings.ts; this renders their snapshots.
 */
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectIsDone,
  selectValues,
} from '../../../../machines/form-submit/form-submit.selectors';
import { selectRecord, selectRecordStatus } from '../../../../machines/record/record.selectors';
import type { StorePayrollSettings } from '../../../contracts/payroll';
import { PAY_PERIOD_KINDS } from '../../../domain/payroll';
import { errorMessageKey } from '../../lib/api/error-messages';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { storePayrollFormLogic, storePayrollLogic, storePayrollValues } from './payroll-settings';

const NS = 'admin-settings';

export function PayrollSettingsSection({ storeId }: { storeId: number }) {
  const { t } = useTranslation(NS);
  const actor = useActorRef(storePayrollLogic, { input: { id: storeId } });
  const status = useSelector(actor, selectRecordStatus);
  const view = useSelector(actor, selectRecord);
  const reload = useCallback(() => actor.send({ type: 'reload' }), [actor]);
  return (
    <Stack gap="3" as="section" aria-label={t('payroll.title')} data-testid="payroll-settings">
      <Heading as="h2" size="lg">
        {t('payroll.title')}
      </Heading>
      {status === 'loading' && <Spinner />}
      {(status === 'failed' || status === 'offline') && (
        <Alert.Root status="error">
          <Alert.Description>{t('payroll.loadFailed')}</Alert.Description>
          <Button size="sm" minH="11" onClick={() => actor.send({ type: 'retry' })}>
            {t('payroll.retry')}
          </Button>
        </Alert.Root>
      )}
      {view && <PayrollForm key={JSON.stringify(view.store)} settings={view.store} saved={reload} />}
    </Stack>
  );
}

function PayrollForm({ settings, saved }: { settings: StorePayrollSettings; saved: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const logic = useMemo(() => storePayrollFormLogic(saved), [saved]);
  const actor = useActorRef(logic, { input: { values: storePayrollValues(settings) } });
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const done = useSelector(actor, selectIsDone);
  const set = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  const weekly = values.kind === 'weekly' || values.kind === 'biweekly';
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() });
      }}
    >
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Field.Root w="auto" invalid={Boolean(errors.kind?.length)}>
          <Field.Label>{t('payroll.kind')}</Field.Label>
          <NativeSelect.Root minW="56">
            <NativeSelect.Field
              value={values.kind ?? ''}
              onChange={(e) => set('kind', e.currentTarget.value)}
              data-testid="payroll-settings-kind"
            >
              {PAY_PERIOD_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`payroll.kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {weekly && (
          <Field.Root w="auto" invalid={Boolean(errors.anchor?.length)}>
            <Field.Label>{t('payroll.anchor')}</Field.Label>
            <Input
              type="date"
              minH="11"
              value={values.anchor ?? ''}
              onChange={(e) => set('anchor', e.currentTarget.value)}
            />
            <Field.HelperText>{t('payroll.anchorHint')}</Field.HelperText>
            <Field.ErrorText>{t('payroll.anchorInvalid')}</Field.ErrorText>
          </Field.Root>
        )}
      </HStack>
      <Checkbox.Root
        checked={values.deductCardFeeFromTips === 'true'}
        onCheckedChange={(e) => set('deductCardFeeFromTips', e.checked === true ? 'true' : 'false')}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('payroll.deductCardFee')}</Checkbox.Label>
      </Checkbox.Root>
      <Text color="fg.muted">{t('payroll.deductCardFeeHint')}</Text>
      {failure && failure.kind !== 'validation' && (
        <Text color="fg.error">{t(`common:${errorMessageKey(failure)}`)}</Text>
      )}
      {done && <Text color="fg.success">{t('payroll.saved')}</Text>}
      <Button type="submit" alignSelf="flex-start" minH="11" colorPalette="brand" loading={busy}>
        {t('payroll.save')}
      </Button>
    </Stack>
  );
}
