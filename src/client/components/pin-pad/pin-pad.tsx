/**
 * The PIN pad (docs/roles.md#access-rules PIN-gated routes; manager
 * approvals): large keys for a finger on a 10-inch tablet, the digits shown as dots only, and the keyboard alone
 * works too (digits, Backspace, Delete/Escape to clear, Enter to check). It renders a pinCheck actor's snapshot
 * and sends it events; the actor (usePinCheckActor in src/client/app/auth.tsx) does the checking.
 *
 *   const pin = usePinCheckActor({ onApproved: () => open() });
 *   <PinPad actor={pin} title={t('pin.title')} />
 *
 * PinPadView is the same pad without a chart, for a caller that keeps the digits itself (see below).
 */
import { Box, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent, ReactNode } from 'react';
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
  const count = useSelector(actor, selectDigitCount);
  const canType = useSelector(actor, selectCanType);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const checking = useSelector(actor, selectIsChecking);
  const status = useSelector(actor, selectPinStatus);
  const keysDisabled = checking || status === 'approved';
  return (
    <PinPadView
      title={title}
      description={description}
      count={count}
      checking={checking}
      // After a refusal a digit starts a new PIN; when locked, or at 8 digits, the chart takes none.
      digitsDisabled={keysDisabled || !canType}
      clearDisabled={keysDisabled}
      backspaceDisabled={keysDisabled || status === 'locked' || count === 0}
      submitDisabled={!canSubmit}
      message={<PinMessage actor={actor} />}
      onDigit={(digit) => actor.send({ type: 'pin.digit', digit })}
      onBackspace={() => actor.send({ type: 'pin.backspace' })}
      onClear={() => actor.send({ type: 'pin.clear' })}
      onSubmit={() => actor.send({ type: 'pin.submit' })}
    />
  );
}

export interface PinPadViewProps {
  /** Heading; default "Enter PIN". */
  title?: string | undefined;
  /** A line under the heading: what the PIN is for. */
  description?: string | undefined;
  /** How many digits are typed (shown as dots, never the digits). */
  count: number;
  checking: boolean;
  digitsDisabled: boolean;
  clearDisabled: boolean;
  backspaceDisabled: boolean;
  submitDisabled: boolean;
  /** Shown under the dots while not checking: a refusal (role="alert") or an approval (role="status"). */
  message?: ReactNode;
  onDigit: (digit: PinDigit) => void;
  onBackspace: () => void;
  onClear: () => void;
  onSubmit: () => void;
}

/**
 * The pad's look and keys without a chart: PinPad renders it for a pinCheck actor; a caller whose chart takes
 * the whole PIN in one event (the sale machine's pin.submit) keeps the typed digits itself and renders this.
 */
export function PinPadView({
  title,
  description,
  count,
  checking,
  digitsDisabled,
  clearDisabled,
  backspaceDisabled,
  submitDisabled,
  message,
  onDigit,
  onBackspace,
  onClear,
  onSubmit,
}: PinPadViewProps) {
  const { t } = useTranslation('common');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (isDigit(event.key)) {
      if (!digitsDisabled) onDigit(event.key);
    } else if (event.key === 'Backspace') {
      if (!backspaceDisabled) onBackspace();
    } else if (event.key === 'Delete' || event.key === 'Escape') {
      if (!clearDisabled) onClear();
    } else if (event.key === 'Enter') {
      if (!submitDisabled) onSubmit();
    } else return;
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
          message
        )}
      </Box>
      <SimpleGrid columns={3} gap="3">
        {DIGIT_ROWS.flat().map((digit) => (
          <Button
            key={digit}
            {...keyProps}
            onClick={() => onDigit(digit)}
            disabled={digitsDisabled}
            aria-label={digit}
          >
            {digit}
          </Button>
        ))}
        <Button {...keyProps} fontSize="lg" onClick={onClear} disabled={clearDisabled}>
          {t('pin.clear')}
        </Button>
        <Button {...keyProps} onClick={() => onDigit('0')} disabled={digitsDisabled} aria-label="0">
          0
        </Button>
        <Button
          {...keyProps}
          onClick={onBackspace}
          disabled={backspaceDisabled}
          aria-label={t('pin.backspace')}
        >
          ⌫
        </Button>
      </SimpleGrid>
      <Button
        size="2xl"
        h="16"
        colorPalette="brand"
        onClick={onSubmit}
        disabled={submitDisabled}
        loading={checking}
        loadingText={t('pin.checking')}
      >
        {t('pin.submit')}
      </Button>
    </Stack>
  );
}
