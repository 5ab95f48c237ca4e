/**
 * /profile (docs/roles.md#screens-layouts-and-the-menu, docs/api.md#endpoints "POST profile update
 * (multipart)"): first and last name, email, phone and a new avatar picture. The form sends 'profile.save' to
 * the auth chart, which checks it, uploads it and merges the answer into the session
 * (docs/security.md#sessions); saving, saved and each field's error are read from the chart.
 *
 * Arriving on the screen sends 'profile.reset' once, so a message from an earlier visit is not shown again.
 */
import {
  Alert,
  Avatar,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectProfileError,
  selectProfileStatus,
  selectUser,
} from '../../../../machines/auth/auth.selectors';
import { useAuthActorRef, useAuthSelector } from '../../lib/actors/auth-actor';
import { errorText, fieldText } from './error-text';

const AVATAR_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function ProfileScreen() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const user = useAuthSelector(selectUser);
  const status = useAuthSelector(selectProfileStatus);
  const error = useAuthSelector(selectProfileError);

  useEffect(() => {
    auth.send({ type: 'profile.reset' });
  }, [auth]);

  if (!user) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('avatar');
    auth.send({
      type: 'profile.save',
      fields: {
        first_name: text(form, 'first_name'),
        last_name: text(form, 'last_name'),
        email: text(form, 'email'),
        phone: text(form, 'phone'),
      },
      avatar: file instanceof File && file.size > 0 ? file : null,
    });
  };

  const field = (name: 'first_name' | 'last_name' | 'email' | 'phone', label: string, props = {}) => {
    const problem = fieldText(t, error, name);
    return (
      <Field.Root invalid={problem !== null}>
        <Field.Label fontSize="md">{label}</Field.Label>
        <Input name={name} size="xl" defaultValue={user[name] ?? ''} {...props} />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    );
  };
  const avatarProblem = fieldText(t, error, 'avatar');
  const formError = status === 'failed' ? errorText(t, error) : null;

  return (
    <Stack gap="6" maxW="2xl" w="full" mx="auto" px="4" py="6">
      <HStack gap="4">
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback name={user.name} />
        </Avatar.Root>
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {t('auth.profile.title')}
          </Heading>
          <Text color="fg.muted">{user.username}</Text>
        </Stack>
      </HStack>
      {status === 'saved' && (
        <Alert.Root status="success" role="status" data-testid="profile-saved">
          <Alert.Indicator />
          <Alert.Title>{t('auth.profile.saved')}</Alert.Title>
        </Alert.Root>
      )}
      {formError && (
        <Alert.Root status="error" role="alert" data-testid="profile-error">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={onSubmit} noValidate key={user.id}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {field('first_name', t('auth.profile.firstName'), { autoComplete: 'given-name' })}
            {field('last_name', t('auth.profile.lastName'), { autoComplete: 'family-name' })}
            {field('email', t('auth.profile.email'), {
              type: 'email',
              autoComplete: 'email',
              inputMode: 'email',
            })}
            {field('phone', t('auth.profile.phone'), { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          </SimpleGrid>
          <Field.Root invalid={avatarProblem !== null}>
            <Field.Label fontSize="md">{t('auth.profile.avatar')}</Field.Label>
            <Input name="avatar" type="file" accept={AVATAR_TYPES} size="xl" py="2" />
            <Field.HelperText>{t('auth.profile.avatarHelp')}</Field.HelperText>
            {avatarProblem && <Field.ErrorText>{avatarProblem}</Field.ErrorText>}
          </Field.Root>
          <Button
            type="submit"
            size="2xl"
            colorPalette="brand"
            loading={status === 'saving'}
            loadingText={t('auth.profile.saving')}
            alignSelf={{ base: 'stretch', md: 'flex-start' }}
          >
            {t('auth.profile.save')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
