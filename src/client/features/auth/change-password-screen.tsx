/**
 * /change-pass (docs/roles.md#screens-layouts-and-the-menu, docs/api.md#endpoints "POST change password"):
 * the current password, the new one and its confirmation. The auth chart checks the form (the confirmation
 * matches, at least 8 characters, not the current one), sends it, and keeps each field's error; a wrong
 * current password is a field error (422), never a logout (ADR 006). After a change the server has ended the
 * person's other sessions, and the screen says how many.
 *
 * Arriving on the screen sends 'password.reset' once, so a message from an earlier visit is not shown again.
 */
import { Alert, Button, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectPasswordError,
  selectPasswordStatus,
  selectRevokedSessions,
} from '../../../../machines/auth/auth.selectors';
import { useAuthActorRef, useAuthSelector } from '../../lib/actors/auth-actor';
import { errorText, fieldText } from './error-text';

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const FIELDS = [
  { name: 'current_password', label: 'auth.password.current', autoComplete: 'current-password' },
  { name: 'new_password', label: 'auth.password.new', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'auth.password.confirm', autoComplete: 'new-password' },
] as const;

export function ChangePasswordScreen() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const status = useAuthSelector(selectPasswordStatus);
  const error = useAuthSelector(selectPasswordError);
  const revoked = useAuthSelector(selectRevokedSessions);

  useEffect(() => {
    auth.send({ type: 'password.reset' });
  }, [auth]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    auth.send({
      type: 'password.change',
      current: text(form, 'current_password'),
      next: text(form, 'new_password'),
      confirm: text(form, 'confirm_password'),
    });
  };

  const hasFieldErrors = Boolean(error?.fields && Object.keys(error.fields).length);
  const formError = status === 'failed' && !hasFieldErrors ? errorText(t, error) : null;

  return (
    <Stack gap="6" maxW="md" w="full" mx="auto" px="4" py="6">
      <Heading as="h1" size="2xl">
        {t('auth.password.title')}
      </Heading>
      {status === 'saved' && (
        <Alert.Root status="success" role="status" data-testid="password-changed">
          <Alert.Indicator />
          <Alert.Title>{t('auth.password.changed', { sessions: revoked ?? 0 })}</Alert.Title>
        </Alert.Root>
      )}
      {formError && (
        <Alert.Root status="error" role="alert" data-testid="password-error">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      {/* A new form after a change, so the passwords typed are not left in the page. */}
      <form onSubmit={onSubmit} noValidate key={status === 'saved' ? 'changed' : 'editing'}>
        <Stack gap="5">
          {FIELDS.map(({ name, label, autoComplete }) => {
            const problem = fieldText(t, error, name);
            return (
              <Field.Root key={name} invalid={problem !== null} required>
                <Field.Label fontSize="md">{t(label)}</Field.Label>
                <Input name={name} type="password" size="xl" autoComplete={autoComplete} />
                {name === 'new_password' && !problem && (
                  <Field.HelperText>{t('auth.password.rule')}</Field.HelperText>
                )}
                {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
              </Field.Root>
            );
          })}
          <Button
            type="submit"
            size="2xl"
            colorPalette="brand"
            loading={status === 'saving'}
            loadingText={t('auth.password.saving')}
          >
            {t('auth.password.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
