/**
 * The PIN pad (issue 4 item 4 "numeric keypad for amounts and PINs"; 000 §5 PIN-gated routes; manager
 * approvals): large keys for a finger on a 10-inch tablet, the digits shown as dots only, and the keyboard alone
 * works too (digits, Backspace, Delete/Escape to clear, Enter to check). It renders a pinCheck actor's snapshot
 * and sends it events; the actor (usePinCheckActor in src/client/app/auth.tsx) does the checking.
 *
 *   const pin = usePinCheckActor({ onApproved: () => open() });
 *   <PinPad actor={pin} title={t('pin.title')} />
 */
import { Box, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { pinCheckMachine } from '../../../../machines/pin-check/pin-check.machine';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../../../../machines/pin-check/pin-check.rules';
import {
  selectApproval,
  selectCanSubmit,
  selectCanType,
  selectDigitCount,
  selectIsChecking,
  selectPinError,
  selectPinStatus,
} from '../../../../machines/pin-check/pin-check.selectors';
import type { PinDigit } from '../../../../machines/pin-check/pin-check.types';

export interface PinPadProps {
  actor: ActorRefFrom<typeof pinCheckMachine>;
  /** Heading; default "Enter PIN". */
  title?: string;
  /** A line under the heading: what the PIN is for. */
  description?: string;
}

const DIGIT_ROWS: readonly PinDigit[][] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];

/**
 * The pad takes the keyboard as soon as it shows: a manager types the PIN without reaching for a mouse. A
 * module-level function, so React calls it once on mount, not on every render.
 */
function focusOnMount(element: HTMLDivElement | null): void {
  element?.focus({ preventScroll: true });
}

function isDigit(key: string): key is PinDigit {
  return key.length === 1 && key >= '0' && key <= '9';
}

/** The dots: one per typed digit, and empty ones up to the shortest PIN, so the pad shows how many to go. */
function PinDots({ count }: { count: number }) {
  const slots = Math.min(PIN_MAX_LENGTH, Math.max(PIN_MIN_LENGTH, count));
  return (
    <HStack justify="center" gap="3" minH="6" aria-hidden="true">
      {Array.from({ length: slots }, (_, index) => (
        <Box
          key={index}
          boxSize="4"
          borderRadius="full"
          borderWidth="2px"
          borderColor="brand.solid"
          bg={index < count ? 'brand.solid' : 'transparent'}
          data-testid={index < count ? 'pin-dot-filled' : 'pin-dot-empty'}
        />
      ))}
    </HStack>
  );
}

function PinMessage({ actor }: { actor: PinPadProps['actor'] }) {
  const { t } = useTranslation('common');
  const status = useSelector(actor, selectPinStatus);
  const error = useSelector(actor, selectPinError);
  const approval = useSelector(actor, selectApproval);
  if (status === 'approved' && approval) {
    return (
      <Text
        role="status"
        color="fg.success"
        fontWeight="medium"
        textAlign="center"
        data-testid="pin-approved"
      >
        {t('pin.approved', { name: approval.name })}
      </Text>
    );
  }
  if (!error) return null;
  const text =
    error.code === 'pin.errors.wrong' && typeof error.remaining === 'number'
      ? t('pin.errors.wrongWithTries', { count: error.remaining, defaultValue: error.message })
      : t(error.code, { name: error.name ?? '', defaultValue: error.message });
  return (
    <Text role="alert" color="fg.error" fontWeight="medium" textAlign="center" data-testid="pin-error">
      {text}
    </Text>
  );
}

export function PinPad({ actor, title, description }: PinPadProps) {
  const { t } = useTranslation('common');
  const count = useSelector(actor, selectDigitCount);
  const canType = useSelector(actor, selectCanType);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const checking = useSelector(actor, selectIsChecking);
  const status = useSelector(actor, selectPinStatus);
  const keysDisabled = checking || status === 'approved';
  // After a refusal a digit starts a new PIN; when locked, or at 8 digits, the chart takes none.
  const digitsDisabled = keysDisabled || !canType;

  const send = {
    digit: (digit: PinDigit) => actor.send({ type: 'pin.digit', digit }),
    backspace: () => actor.send({ type: 'pin.backspace' }),
    clear: () => actor.send({ type: 'pin.clear' }),
    submit: () => actor.send({ type: 'pin.submit' }),
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (isDigit(event.key)) send.digit(event.key);
    else if (event.key === 'Backspace') send.backspace();
    else if (event.key === 'Delete' || event.key === 'Escape') send.clear();
    else if (event.key === 'Enter') send.submit();
    else return;
    event.preventDefault();
  };

  const keyProps = { size: '2xl', h: '16', fontSize: '2xl', variant: 'outline' } as const;

  return (
    <Stack
      role="group"
      aria-label={t('pin.padLabel')}
      tabIndex={0}
      ref={focusOnMount}
      onKeyDown={onKeyDown}
      gap="5"
      w="full"
      maxW="sm"
      mx="auto"
      p="2"
      borderRadius="l3"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '4px' }}
      data-testid="pin-pad"
    >
      <Stack gap="1" textAlign="center">
        <Heading as="h2" size="lg">
          {title ?? t('pin.title')}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      <PinDots count={count} />
      <Text srOnly aria-live="polite">
        {t('pin.digitsEntered', { count })}
      </Text>
      <Box minH="6">
        {checking ? (
          <HStack justify="center" role="status" gap="2">
            <Spinner size="sm" color="brand.solid" />
            <Text>{t('pin.checking')}</Text>
          </HStack>
        ) : (
          <PinMessage actor={actor} />
        )}
      </Box>
      <SimpleGrid columns={3} gap="3">
        {DIGIT_ROWS.flat().map((digit) => (
          <Button
            key={digit}
            {...keyProps}
            onClick={() => send.digit(digit)}
            disabled={digitsDisabled}
            aria-label={digit}
          >
            {digit}
          </Button>
        ))}
        <Button {...keyProps} fontSize="lg" onClick={send.clear} disabled={checking || status === 'approved'}>
          {t('pin.clear')}
        </Button>
        <Button {...keyProps} onClick={() => send.digit('0')} disabled={digitsDisabled} aria-label="0">
          0
        </Button>
        <Button
          {...keyProps}
          onClick={send.backspace}
          disabled={keysDisabled || status === 'locked' || count === 0}
          aria-label={t('pin.backspace')}
        >
          ⌫
        </Button>
      </SimpleGrid>
      <Button
        size="2xl"
        h="16"
        colorPalette="brand"
        onClick={send.submit}
        disabled={!canSubmit}
        loading={checking}
        loadingText={t('pin.checking')}
      >
        {t('pin.submit')}
      </Button>
    </Stack>
  );
}
