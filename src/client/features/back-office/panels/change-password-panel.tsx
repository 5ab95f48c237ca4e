/**
 * The "Change password" row action of members (docs/back-office-members.md "Secrets"): a new password typed
 * twice, checked with the contract's schema the server parses the same body with, then POST
 * /api/users/{id}/change-pass, which also ends every session of the member. Each field's problem shows under
 * it in the user's language; the server's refusal (not the owner, not found...) by its code. The offline
 * queue never takes this request (lib/offline-queue/classify.ts): offline, it fails and says so.
 *
 * One submit is one intent: its Idempotency-Key is kept while the typed values stay the same, so a retry
 * after a lost answer is not a second change (docs/decisions/005-idempotency-keys.md).
 */
import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toResourceError } from '../../../../../machines/resource/resource.rules';
import type { FieldIssues, ResourceError } from '../../../../../machines/resource/resource.types';
import { api } from '../../../lib/api/api';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import type { RowActionPanelProps } from '../resource-config';
import { FieldProblems } from '../resource-dialog';
import { errorText } from '../resource-text';
import { passwordIssues } from './change-password-rules';
import type { PasswordForm } from './change-password-rules';

const NS = 'admin-members';
type Status = 'editing' | 'saving' | 'done';
type Name = keyof PasswordForm;

export function ChangePasswordPanel({ row, close, changed }: RowActionPanelProps) {
  const { t } = useTranslation([NS, 'admin']);
  const [values, setValues] = useState<PasswordForm>({ new_password: '', confirm: '' });
  const [issues, setIssues] = useState<FieldIssues>({});
  const [status, setStatus] = useState<Status>('editing');
  const [error, setError] = useState<ResourceError | null>(null);
  const [key, setKey] = useState<string | null>(null);

  const change = (name: Name, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setIssues(({ [name]: _fixed, ...rest }) => rest);
    setKey(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordIssues(values);
    setIssues(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    const intent = key ?? newIdempotencyKey();
    setKey(intent);
    setStatus('saving');
    try {
      await api.post(
        `/users/${row.id}/change-pass`,
        { new_password: values.new_password },
        { idempotencyKey: intent, skipNotice: true },
      );
      setStatus('done');
      changed();
    } catch (cause) {
      const refused = toResourceError(cause);
      setError(refused);
      setIssues(refused.fieldErrors ?? {});
      setStatus('editing');
    }
  };

  if (status === 'done') {
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
    <Field.Root invalid={(issues[name]?.length ?? 0) > 0} required disabled={status === 'saving'}>
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
        onChange={(event) => change(name, event.currentTarget.value)}
        data-testid={`field-${name}`}
      />
      {hint && !issues[name] && <Field.HelperText>{hint}</Field.HelperText>}
      <FieldProblems name={name} issues={issues[name]} />
    </Field.Root>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="change-password-form">
      <Stack gap="4" pb="4">
        {error && !error.fieldErrors && (
          <Alert.Root status="error" data-testid="change-password-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, error)}</Alert.Title>
          </Alert.Root>
        )}
        {field('new_password', t('changePassword.new_password'), t('changePassword.hint'))}
        {field('confirm', t('changePassword.confirm'))}
        <HStack justify="flex-end" gap="2">
          <Button minH="11" variant="outline" onClick={close} disabled={status === 'saving'}>
            {t('admin:actions.cancel')}
          </Button>
          <Button
            type="submit"
            minH="11"
            colorPalette="brand"
            loading={status === 'saving'}
            data-testid="change-password-save"
          >
            {t('changePassword.action')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
