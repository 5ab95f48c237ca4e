/**
 * The "Change password" row action of members (docs/back-office-members.md "Secrets"): a new password typed
 * twice, checked with the contract's schema the server parses the same body with, then POST
 * /api/users/{id}/change-pass, which also ends every session of the member. Each field's problem shows under
 * it in the user's language; the server's refusal (not the owner, not found...) by its code. The offline
 * queue never takes this request (lib/offline-queue/classify.ts): offline, it fails and says so.
 *
 * The form's behaviour is the one-shot form chart (machines/form-submit): one submit is one intent, its
 * Idempotency-Key kept while the typed values stay the same, so a retry after a lost answer is not a second
 * change (docs/decisions/005-idempotency-keys.md). This file gives it its check and its request.
 */
import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../../../machines/form-submit/form-submit.machine';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectIsDone,
  selectValues,
} from '../../../../../machines/form-submit/form-submit.selectors';
import type { FormValues, SubmitFormInput } from '../../../../../machines/form-submit/form-submit.types';
import { api } from '../../../lib/api/api';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import type { RowActionPanelProps } from '../resource-config';
import { FieldProblems } from '../resource-dialog';
import { errorText } from '../resource-text';
import { passwordIssues } from './change-password-rules';
import type { PasswordForm } from './change-password-rules';
import { PanelActions } from './panel-actions';

const NS = 'admin-members';
type Name = keyof PasswordForm;
const EMPTY: PasswordForm = { new_password: '', confirm: '' };

function passwordForm(values: FormValues): PasswordForm {
  return { new_password: values.new_password ?? '', confirm: values.confirm ?? '' };
}

/** The chart with this panel's check and request; `changed` is read when the server took the change. */
function useChangePassword(memberId: number, changed: () => void) {
  const onChanged = useRef(changed);
  onChanged.current = changed;
  const [logic] = useState(() =>
    formSubmitMachine.provide({
      actors: {
        validate: fromPromise<void, { values: FormValues }>(async ({ input }) => {
          const fieldErrors = passwordIssues(passwordForm(input.values));
          if (Object.keys(fieldErrors).length > 0) throw { fieldErrors };
        }),
        submit: fromPromise<unknown, SubmitFormInput>(({ input }) =>
          api.post(
            `/users/${memberId}/change-pass`,
            { new_password: input.values.new_password ?? '' },
            { idempotencyKey: input.idempotencyKey, skipNotice: true },
          ),
        ),
      },
      actions: { announceDone: () => onChanged.current() },
    }),
  );
  return useActorRef(logic, { input: { values: { ...EMPTY } } });
}

export function ChangePasswordPanel({ row, close, changed }: RowActionPanelProps) {
  const { t } = useTranslation([NS, 'admin']);
  const actor = useChangePassword(row.id, changed);
  const values = passwordForm(useSelector(actor, selectValues));
  const issues = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectFailure);
  const saving = useSelector(actor, selectIsBusy);
  const done = useSelector(actor, selectIsDone);

  if (done) {
    return (
      <Stack gap="4" pb="4">
        <Alert.Root status="success" data-testid="change-password-done">
          <Alert.Indicator />
          <Alert.Title>{t('changePassword.done')}</Alert.Title>
        </Alert.Root>
        <HStack justify="flex-end">
          <Button minH="11" colorPalette="brand" onClick={close} data-testid="change-password-close">
            {t('admin:actions.close')}
          </Button>
        </HStack>
      </Stack>
    );
  }

  const field = (name: Name, label: string, hint?: string) => (
    <Field.Root invalid={(issues[name]?.length ?? 0) > 0} required disabled={saving}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="password"
        name={name}
        size="lg"
        autoComplete="new-password"
        maxLength={256}
        value={values[name]}
        onChange={(event) => actor.send({ type: 'field.change', name, value: event.currentTarget.value })}
        data-testid={`field-${name}`}
      />
      {hint && !issues[name] && <Field.HelperText>{hint}</Field.HelperText>}
      <FieldProblems name={name} issues={issues[name]} />
    </Field.Root>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() });
      }}
      noValidate
      data-testid="change-password-form"
    >
      <Stack gap="4" pb="4">
        {error && !error.fieldErrors && (
          <Alert.Root status="error" data-testid="change-password-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, error)}</Alert.Title>
          </Alert.Root>
        )}
        {field('new_password', t('changePassword.new_password'), t('changePassword.hint'))}
        {field('confirm', t('changePassword.confirm'))}
        <PanelActions
          close={close}
          saving={saving}
          label={t('changePassword.action')}
          testId="change-password-save"
        />
      </Stack>
    </form>
  );
}
