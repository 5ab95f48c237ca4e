/**
 * The manager's PIN inside an action (docs/roles.md#pin-approvals "managers refund and void with a PIN"):
 * large keys for a finger and a masked field for a keyboard. The digits are the field's keystrokes only: they
 * go to the chart once, in `pin.submit`, which hands them to the PIN check and never stores them
 * (docs/roles.md#pin-approvals), and the field is emptied at once.
 */
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../../../../machines/pin-check/pin-check.rules';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

function focusOnMount(element: HTMLInputElement | null): void {
  element?.focus({ preventScroll: true });
}

export function ManagerPinForm({ onSubmit }: { onSubmit: (pin: string) => void }) {
  const { t } = useTranslation('common');
  const [pin, setPin] = useState('');
  const type = (digit: string) =>
    setPin((current) => (current.length < PIN_MAX_LENGTH ? current + digit : current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin.length < PIN_MIN_LENGTH) return;
    onSubmit(pin);
    setPin('');
  };
  const keyProps = { type: 'button', size: 'xl', h: '14', fontSize: 'xl', variant: 'outline' } as const;
  return (
    <Stack as="form" gap="4" onSubmit={submit} data-testid="manager-pin">
      <Field.Root>
        <Field.Label>{t('sale_management.pin.label')}</Field.Label>
        <Input
          ref={focusOnMount}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          size="xl"
          textAlign="center"
          letterSpacing="widest"
          maxLength={PIN_MAX_LENGTH}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, PIN_MAX_LENGTH))}
        />
        <Field.HelperText>{t('sale_management.pin.help')}</Field.HelperText>
      </Field.Root>
      <SimpleGrid columns={3} gap="2">
        {KEYS.map((digit) => (
          <Button key={digit} {...keyProps} onClick={() => type(digit)} aria-label={digit}>
            {digit}
          </Button>
        ))}
        <Button {...keyProps} fontSize="md" onClick={() => setPin('')}>
          {t('pin.clear')}
        </Button>
        <Button {...keyProps} onClick={() => type('0')} aria-label="0">
          0
        </Button>
        <Button {...keyProps} onClick={() => setPin((p) => p.slice(0, -1))} aria-label={t('pin.backspace')}>
          ⌫
        </Button>
      </SimpleGrid>
      <Button type="submit" size="xl" colorPalette="brand" disabled={pin.length < PIN_MIN_LENGTH}>
        {t('sale_management.pin.submit')}
      </Button>
    </Stack>
  );
}
