/**
 * Pairing a tablet as the store's kiosk (docs/walk-in-screens.md#the-customer-kiosk): an admin issues a kiosk
 * token in settings (shown once) and types or pastes it here. Shared by the kiosk and the review page, the two
 * public pages a paired tablet shows; their words are the kiosk namespace's `pairing` part.
 */
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a failure means the tablet has no valid pairing: no token, an unknown or a revoked one. */
export function needsPairing(error: { status: number; code: string | null } | null): boolean {
  if (!error) return false;
  return error.code === 'kiosk_token_invalid' || error.code === 'kiosk_token_revoked' || error.status === 401;
}

export function KioskPairing({ onPair }: { onPair: (token: string) => void }) {
  const { t } = useTranslation('kiosk');
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() !== '') onPair(token.trim());
  };
  return (
    <Stack as="form" gap="5" onSubmit={submit} data-testid="kiosk-pairing" w="full" maxW="xl">
      <Heading as="h2" size="2xl">
        {t('pairing.title')}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {t('pairing.hint')}
      </Text>
      <Field.Root required>
        <Field.Label fontSize="lg">{t('pairing.label')}</Field.Label>
        <Input
          size="xl"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          data-testid="kiosk-pairing-token"
        />
      </Field.Root>
      <Button
        type="submit"
        minH="16"
        fontSize="xl"
        colorPalette="brand"
        disabled={token.trim() === ''}
        data-testid="kiosk-pairing-submit"
      >
        {t('pairing.submit')}
      </Button>
    </Stack>
  );
}
