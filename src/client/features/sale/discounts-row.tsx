/**
 * One order discount kind in the discounts dialog (docs/sales.md#the-order "Discount kinds on the order:
 * manager, ticket, membership, other"): what is set and what it takes off, Percent or Amount, the value,
 * Apply and Remove. Apply sends the sale machine's discount.set; for the manager's kind the machine then
 * waits for a manager's PIN (ManagerPinDialog), so the dialog closes to let the PIN pad show alone.
 */
import { Button, Field, Group, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_TYPE } from '../../../domain/constants';
import type { DiscountType, OrderDiscountKind } from '../../../domain/constants';
import type { Minor, OrderDiscountInfo } from '../../../domain/order.types';
import { formatMoney } from '../../lib/format';
import { discountInputText, discountText, parseDiscountInput } from './discounts-format';
import type { DiscountInputProblem } from './discounts-format';

export interface DiscountRowProps {
  kind: OrderDiscountKind;
  current: OrderDiscountInfo | undefined;
  /** What the discount takes off the order now (after the cap on the base). */
  amount: Minor;
  currency: string;
  /** The attached customer's membership name, for the membership kind. */
  membershipName?: string | undefined;
  onApply: (kind: OrderDiscountKind, discount: { type: DiscountType; value: number }) => void;
  onRemove: (kind: OrderDiscountKind) => void;
}

export function DiscountRow({
  kind,
  current,
  amount,
  currency,
  membershipName,
  onApply,
  onRemove,
}: DiscountRowProps) {
  const { t, i18n } = useTranslation('common');
  const headingId = useId();
  // The keystrokes and the Percent/Amount choice of this row, until Apply sends them.
  const [type, setType] = useState<DiscountType>(current?.type ?? DISCOUNT_TYPE.PERCENT);
  const [text, setText] = useState(() => discountInputText(current, currency));
  const [problem, setProblem] = useState<DiscountInputProblem | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseDiscountInput(text, type, currency);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    onApply(kind, parsed.discount);
  };

  const chooseType = (next: DiscountType) => {
    setType(next);
    setProblem(null);
  };

  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      data-testid={`discount-${kind}`}
    >
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
        <Text id={headingId} fontWeight="semibold" fontSize="lg">
          {t(`saleExtras.discounts.kinds.${kind}`)}
        </Text>
        {current ? (
          <Text data-testid="discount-current">
            {t('saleExtras.discounts.current', {
              value: discountText(current, i18n.language, currency),
              amount: formatMoney(amount, i18n.language, currency),
            })}
          </Text>
        ) : (
          <Text color="fg.muted">{t('saleExtras.discounts.none')}</Text>
        )}
      </HStack>
      {kind === 'manager' && (
        <Text fontSize="sm" color="fg.muted">
          {current?.approved_by
            ? t('saleExtras.discounts.managerApproved')
            : t('saleExtras.discounts.managerHint')}
        </Text>
      )}
      {kind === 'membership' && membershipName && (
        <Text fontSize="sm" color="fg.muted">
          {t('saleExtras.discounts.membershipOf', { name: membershipName })}
        </Text>
      )}
      <form onSubmit={apply} noValidate>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          gap="3"
          align={{ base: 'stretch', md: 'flex-start' }}
        >
          <Group attached role="group" aria-label={t('saleExtras.discounts.typeLabel')}>
            <Button
              type="button"
              size="xl"
              minW="16"
              variant={type === DISCOUNT_TYPE.PERCENT ? 'solid' : 'outline'}
              aria-pressed={type === DISCOUNT_TYPE.PERCENT}
              onClick={() => chooseType(DISCOUNT_TYPE.PERCENT)}
            >
              {t('saleExtras.discounts.percent')}
            </Button>
            <Button
              type="button"
              size="xl"
              minW="16"
              variant={type === DISCOUNT_TYPE.AMOUNT ? 'solid' : 'outline'}
              aria-pressed={type === DISCOUNT_TYPE.AMOUNT}
              onClick={() => chooseType(DISCOUNT_TYPE.AMOUNT)}
            >
              {t('saleExtras.discounts.amount')}
            </Button>
          </Group>
          <Field.Root invalid={problem !== null} flex="1">
            <Field.Label srOnly>
              {t('saleExtras.discounts.valueLabel', { kind: t(`saleExtras.discounts.kinds.${kind}`) })}
            </Field.Label>
            <Input
              size="xl"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={
                type === DISCOUNT_TYPE.PERCENT
                  ? t('saleExtras.discounts.percentPlaceholder')
                  : t('saleExtras.discounts.amountPlaceholder')
              }
            />
            {problem && <Field.ErrorText>{t(`saleExtras.discounts.errors.${problem}`)}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="3">
            <Button type="submit" size="xl" colorPalette="brand" flex={{ base: '1', md: 'initial' }}>
              {kind === 'manager' ? t('saleExtras.discounts.applyWithPin') : t('saleExtras.discounts.apply')}
            </Button>
            {current && (
              <Button
                type="button"
                size="xl"
                variant="outline"
                flex={{ base: '1', md: 'initial' }}
                onClick={() => onRemove(kind)}
              >
                {t('saleExtras.discounts.remove')}
              </Button>
            )}
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
