/**
 * The numeric keypad for amounts ("numeric keypad for amounts and PINs … usable on a 10-inch
 * tablet and with a keyboard alone"): an amount field with large keys under it, digits, 00, the decimal point
 * when the currency has decimals, backspace and clear. What is typed is text (amount-text.ts); the amount the
 * caller sends is `amountOfText(value, currency)`, so the pad never holds money as a float.
 *
 * Controlled: the caller keeps the text (a form field's keystrokes) and decides what Enter does.
 *
 *   const [text, setText] = useState('');
 *   <AmountPad id="cash" label={t('…')} value={text} onChange={setText} currency="USD" onSubmit={take} />
 *
 * Keyboard: typing goes to the field as in any input (Enter submits, Escape clears); with a key of the pad
 * focused, digits, '.', Backspace, Delete/Escape and Enter work too, so a person who tabbed into the keys is
 * not stuck. The keys do not take focus from the field on a pointer press, so typing and tapping mix.
 */
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { amountOfText, applyAmountKey, decimalsOf, sanitiseAmountText } from './amount-text';
import type { AmountKey } from './amount-text';

export interface AmountPadProps {
  /** The field's id (its label and the tests find it by this). */
  id: string;
  label: string;
  /** The typed text, e.g. "37.45". */
  value: string;
  onChange: (text: string) => void;
  /** ISO 4217 code of the store currency: decides the decimals and how the amount reads back. */
  currency: string;
  /** Enter in the field, or on a key. */
  onSubmit?: () => void;
  /** A message under the field; the field is marked invalid while there is one. */
  error?: string | null;
  /** Under the field when nothing is typed (e.g. "Balance due $37.45"). */
  hint?: ReactNode;
  disabled?: boolean;
}

const DIGIT_ROWS: readonly AmountKey[][] = [
  ['7', '8', '9'],
  ['4', '5', '6'],
  ['1', '2', '3'],
];

function keyOf(event: KeyboardEvent): AmountKey | 'submit' | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key.length === 1 && event.key >= '0' && event.key <= '9') return event.key as AmountKey;
  if (event.key === '.') return '.';
  if (event.key === 'Backspace') return 'backspace';
  if (event.key === 'Delete' || event.key === 'Escape') return 'clear';
  if (event.key === 'Enter') return 'submit';
  return null;
}

/** Keeps the focus where it is (the field) when a key is pressed with a pointer. */
function keepFocus(event: MouseEvent): void {
  event.preventDefault();
}

export function AmountPad({
  id,
  label,
  value,
  onChange,
  currency,
  onSubmit,
  error,
  hint,
  disabled,
}: AmountPadProps) {
  const { t, i18n } = useTranslation('common');
  const decimals = decimalsOf(currency);
  const amount = amountOfText(value, currency);
  const press = (key: AmountKey) => onChange(applyAmountKey(value, key, decimals));

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onSubmit) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      onChange('');
    }
  };

  const onPadKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || (event.target as HTMLElement).id === id) return;
    const key = keyOf(event);
    if (key === null) return;
    event.preventDefault();
    if (key === 'submit') onSubmit?.();
    else press(key);
  };

  const keyProps = {
    variant: 'outline',
    size: 'xl',
    h: '14',
    fontSize: 'xl',
    disabled,
    onMouseDown: keepFocus,
  } as const;

  return (
    <Stack
      gap="3"
      role="group"
      aria-labelledby={`${id}-label`}
      onKeyDown={onPadKeyDown}
      data-testid={`${id}-pad`}
    >
      <Field.Root invalid={Boolean(error)} disabled={disabled}>
        <Field.Label id={`${id}-label`} htmlFor={id} fontSize="md">
          {label}
        </Field.Label>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(sanitiseAmountText(event.target.value, decimals))}
          onKeyDown={onFieldKeyDown}
          inputMode="decimal"
          autoComplete="off"
          size="2xl"
          fontSize="2xl"
          textAlign="end"
          fontVariantNumeric="tabular-nums"
          placeholder={decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0'}
        />
        {error ? (
          <Field.ErrorText fontSize="md">{error}</Field.ErrorText>
        ) : (
          <Field.HelperText fontSize="md" aria-live="polite">
            {amount !== null && value !== '' ? formatMoney(amount, i18n.language, currency) : hint}
          </Field.HelperText>
        )}
      </Field.Root>
      <SimpleGrid columns={4} gap="2">
        {DIGIT_ROWS.map((row, index) => (
          <KeyRow
            key={row.join('')}
            row={row}
            extra={
              index === 0 ? (
                <Button
                  {...keyProps}
                  onClick={() => press('backspace')}
                  aria-label={t('tendering.amountPad.backspace')}
                >
                  ⌫
                </Button>
              ) : index === 1 ? (
                <Button {...keyProps} fontSize="md" onClick={() => press('clear')}>
                  {t('tendering.amountPad.clear')}
                </Button>
              ) : (
                <Button {...keyProps} onClick={() => press('00')}>
                  00
                </Button>
              )
            }
            keyProps={keyProps}
            onPress={press}
          />
        ))}
        <Button {...keyProps} gridColumn={decimals > 0 ? 'span 2' : 'span 4'} onClick={() => press('0')}>
          0
        </Button>
        {decimals > 0 && (
          <Button
            {...keyProps}
            gridColumn="span 2"
            onClick={() => press('.')}
            aria-label={t('tendering.amountPad.decimalPoint')}
          >
            .
          </Button>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function KeyRow({
  row,
  extra,
  keyProps,
  onPress,
}: {
  row: readonly AmountKey[];
  extra: ReactNode;
  keyProps: Record<string, unknown>;
  onPress: (key: AmountKey) => void;
}) {
  return (
    <>
      {row.map((key) => (
        <Button key={key} {...keyProps} onClick={() => onPress(key)}>
          {key}
        </Button>
      ))}
      {extra}
    </>
  );
}
