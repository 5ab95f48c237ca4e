/**
 * /login (docs/roles.md#screens-layouts-and-the-menu, docs/api.md#endpoints): username, password, the salon
 * code folded away ("only if you have several": the server needs it only when it holds more than one salon,
 * ADR 006) and "remember me", which keeps the username on this till across logouts (storage.ts kept list).
 * The form sends 'login.submit' to the auth chart; what shows (busy, the error, why the user is here) is read
 * from the chart. Enter submits (a form).
 *
 * Fields are uncontrolled: their values are the form's, read once on submit; no copy of them lives in React
 * state. When signed in, the route gate leaves for the remembered address or the store's home.
 */
import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  chakra,
  Field,
  Heading,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectError, selectIsBusy, selectNotice } from '../../../../machines/auth/auth.selectors';
import { useAuthActorRef, useAuthSelector } from '../../lib/actors/auth-actor';
import { readRememberedUsername } from '../../lib/storage';
import { errorText, fieldText } from './error-text';

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function LoginScreen() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const busy = useAuthSelector(selectIsBusy);
  const error = useAuthSelector(selectError);
  const notice = useAuthSelector(selectNotice);
  // Read on render: the kept key only changes on a successful login, which leaves this screen.
  const remembered = readRememberedUsername();
  const tenantRequired = error?.code === 'auth.errors.tenantRequired';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    auth.send({
      type: 'login.submit',
      username: text(form, 'username'),
      password: text(form, 'password'),
      tenant: text(form, 'tenant'),
      remember: form.get('remember') !== null,
    });
  };

  const usernameError = fieldText(t, error, 'username');
  const passwordError = fieldText(t, error, 'password');
  const formError = error && !usernameError && !passwordError ? errorText(t, error) : null;

  return (
    <Center minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Card.Root w="full" maxW="md" size="lg">
        <Card.Header gap="1">
          <Text color="brand.fg" fontWeight="semibold">
            {t('app.name')}
          </Text>
          <Heading as="h1" size="2xl">
            {t('auth.login.title')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
            <Stack gap="5">
              {notice && !error && (
                <Alert.Root status="info" data-testid="login-notice">
                  <Alert.Indicator />
                  <Alert.Title>{t(`auth.notice.${notice}`)}</Alert.Title>
                </Alert.Root>
              )}
              {formError && (
                <Alert.Root status="error" id="login-error" role="alert" data-testid="login-error">
                  <Alert.Indicator />
                  <Alert.Title>{formError}</Alert.Title>
                </Alert.Root>
              )}
              <Field.Root invalid={usernameError !== null} required>
                <Field.Label fontSize="md">{t('auth.login.username')}</Field.Label>
                <Input
                  name="username"
                  size="xl"
                  autoComplete="username"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  defaultValue={remembered ?? ''}
                  autoFocus={remembered === null}
                />
                {usernameError && <Field.ErrorText>{usernameError}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={passwordError !== null} required>
                <Field.Label fontSize="md">{t('auth.login.password')}</Field.Label>
                <Input
                  name="password"
                  type="password"
                  size="xl"
                  autoComplete="current-password"
                  autoFocus={remembered !== null}
                />
                {passwordError && <Field.ErrorText>{passwordError}</Field.ErrorText>}
              </Field.Root>
              {/* Native disclosure: keyboard and screen-reader ready, no state; opened when the server asks. */}
              <chakra.details open={tenantRequired || undefined} data-testid="tenant-disclosure">
                <chakra.summary
                  cursor="pointer"
                  minH="11"
                  display="flex"
                  alignItems="center"
                  color="brand.fg"
                  fontWeight="medium"
                >
                  {t('auth.login.tenantToggle')}
                </chakra.summary>
                <Field.Root invalid={tenantRequired} mt="2">
                  <Field.Label fontSize="md">{t('auth.login.tenant')}</Field.Label>
                  <Input
                    name="tenant"
                    size="xl"
                    autoComplete="organization"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                  <Field.HelperText>{t('auth.login.tenantHelp')}</Field.HelperText>
                </Field.Root>
              </chakra.details>
              <Checkbox.Root name="remember" defaultChecked={remembered !== null} size="lg" minH="11">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontSize="md">{t('auth.login.remember')}</Checkbox.Label>
              </Checkbox.Root>
              <Button
                type="submit"
                size="2xl"
                colorPalette="brand"
                loading={busy}
                loadingText={t('auth.login.submitting')}
                w="full"
              >
                {t('auth.login.submit')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
