/**
 * The editor of one ticket line (brief
 * "change employee on a line"): a price override, the Item and Employee discounts (percent or amount;
 * docs/money.md step 2 allows one of each), the line moved to another employee, or removed. Each part is its
 * own small form (Enter applies it) that sends the sale machine one event; the machine and the domain decide,
 * and the ticket shows the result at once behind the dialog.
 *
 * Fields are uncontrolled and read on submit (as the login form); only what a form last refused is kept here.
 */
import { Button, Dialog, Field, HStack, Input, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCatalogEmployees } from '../../../../machines/catalog-browser/catalog-browser.selectors';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import { selectCurrency } from '../../../../machines/sale/sale.selectors';
import type { LineRef } from '../../../../machines/sale/sale.types';
import { parseAmount, parsePercent } from '../../../domain/amount';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE } from '../../../domain/constants';
import type { DiscountType, LineDiscountSource } from '../../../domain/constants';
import { toDecimalString } from '../../../domain/money';
import type { Employee, OrderItem } from '../../../domain/order.types';
import { formatMoney } from '../../lib/format';
import { DialogFrame } from '../../components/modal-dialog';
import { CatalogActor } from './catalog-actor';
import { SaleActor } from './sale-actor';

type Errors = Partial<Record<'price' | 'item' | 'employee', string>>;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

interface DiscountFormProps {
  source: LineDiscountSource;
  line: OrderItem;
  currency: string;
  error: string | undefined;
  onApply: (source: LineDiscountSource, type: DiscountType, input: string) => void;
}

function DiscountForm({ source, line, currency, error, onApply }: DiscountFormProps) {
  const { t } = useTranslation('common');
  const current = line.discounts?.find((d) => d.type === source)?.discount;
  const name = source === DISCOUNT_SOURCE.ITEM ? 'item' : 'employee';
  const shown =
    current === undefined
      ? ''
      : current.type === DISCOUNT_TYPE.PERCENT
        ? String(current.value)
        : toDecimalString(current.value, currency);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(source, Number(text(form, 'type')) as DiscountType, text(form, 'value'));
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid={`line-discount-${name}`}>
      <Stack gap="2">
        <Text fontWeight="semibold">{t(`sale.lineEditor.${name}Discount`)}</Text>
        <HStack gap="2" align="flex-start" wrap="wrap">
          <Field.Root w="auto" minW="32">
            <Field.Label srOnly>{t('sale.lineEditor.discountType')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                name="type"
                defaultValue={String(current?.type ?? DISCOUNT_TYPE.PERCENT)}
                minH="11"
              >
                <option value={DISCOUNT_TYPE.PERCENT}>{t('sale.lineEditor.percent')}</option>
                <option value={DISCOUNT_TYPE.AMOUNT}>{t('sale.lineEditor.amount')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(error)} flex="1" minW="28">
            <Field.Label srOnly>{t('sale.lineEditor.discountValue')}</Field.Label>
            <Input name="value" size="lg" inputMode="decimal" autoComplete="off" defaultValue={shown} />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="lg" colorPalette="brand" variant="subtle">
            {t('sale.lineEditor.apply')}
          </Button>
          {current && (
            <Button size="lg" variant="ghost" onClick={() => onApply(source, current.type, '0')}>
              {t('sale.lineEditor.removeDiscount')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

const selectLine = (ref: LineRef) => (s: SaleSnapshot) =>
  s.context.order.orderEmployees[ref.employeeIndex]?.orderItems[ref.itemIndex];
const selectGroupEmployees = (s: SaleSnapshot): Employee[] =>
  s.context.order.orderEmployees.map((group) => group.employee);

function LineEditor({ at, onClose }: { at: LineRef; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const line = SaleActor.useSelector(selectLine(at));
  const owner = SaleActor.useSelector((s) => s.context.order.orderEmployees[at.employeeIndex]?.employee);
  const onTicket = SaleActor.useSelector(
    selectGroupEmployees,
    (a, b) => a.length === b.length && a.every((e, i) => e === b[i]),
  );
  const staff = CatalogActor.useSelector(selectCatalogEmployees);
  const currency = SaleActor.useSelector(selectCurrency);
  const [errors, setErrors] = useState<Errors>({});
  if (!line || !owner) return null;

  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const others = [...onTicket, ...staff.map((c) => c.employee)].filter(
    (e, index, all) => e.id !== owner.id && all.findIndex((x) => x.id === e.id) === index,
  );

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const price = parseAmount(text(new FormData(event.currentTarget), 'price'), currency);
    if (price === null || price < 0) {
      setErrors({ price: t('sale.lineEditor.priceInvalid') });
      return;
    }
    setErrors({});
    sale.send({ type: 'line.price', ...at, price: price === line.unit_price ? null : price });
  };

  const applyDiscount = (source: LineDiscountSource, type: DiscountType, input: string) => {
    const key = source === DISCOUNT_SOURCE.ITEM ? 'item' : 'employee';
    const value =
      input === '' ? 0 : type === DISCOUNT_TYPE.PERCENT ? parsePercent(input) : parseAmount(input, currency);
    if (value === null || value < 0 || (type === DISCOUNT_TYPE.PERCENT && value > 100)) {
      setErrors({
        [key]: t(
          type === DISCOUNT_TYPE.PERCENT ? 'sale.lineEditor.percentInvalid' : 'sale.lineEditor.amountInvalid',
        ),
      });
      return;
    }
    setErrors({});
    sale.send({ type: 'line.discount', ...at, source, discount: { type, value } });
  };

  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = Number(text(new FormData(event.currentTarget), 'employee'));
    const target = others.find((e) => e.id === id);
    if (!target) return;
    // One event: the machine moves the line with its quantity, price override and discounts (its guard
    // canMoveLine refuses a move to the same employee or while the ticket cannot change).
    const moveEvent = { type: 'line.move', ...at, employee: target } as const;
    if (!sale.getSnapshot().can(moveEvent)) return;
    sale.send(moveEvent);
    onClose();
  };

  const remove = () => {
    sale.send({ type: 'line.quantity', ...at, delta: -line.quantity });
    onClose();
  };

  const isGiftcard = line.item_type === ITEM_TYPE.GIFTCARD;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{line.name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5" separator={<Separator />}>
          <form onSubmit={applyPrice} noValidate data-testid="line-price-form">
            <Stack gap="2">
              <Field.Root invalid={Boolean(errors.price)}>
                <Field.Label fontWeight="semibold">
                  {t(isGiftcard ? 'sale.lineEditor.giftcardAmount' : 'sale.lineEditor.price')}
                </Field.Label>
                <HStack gap="2" w="full" wrap="wrap">
                  <Input
                    name="price"
                    size="lg"
                    flex="1"
                    minW="28"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={toDecimalString(line.price ?? line.unit_price, currency)}
                  />
                  <Button type="submit" size="lg" colorPalette="brand" variant="subtle">
                    {t('sale.lineEditor.apply')}
                  </Button>
                  {line.price !== null && (
                    <Button
                      size="lg"
                      variant="ghost"
                      onClick={() => sale.send({ type: 'line.price', ...at, price: null })}
                    >
                      {t('sale.lineEditor.catalogPrice', { price: money(line.unit_price) })}
                    </Button>
                  )}
                </HStack>
                {errors.price ? (
                  <Field.ErrorText>{errors.price}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {t('sale.lineEditor.priceHelp', { price: money(line.unit_price) })}
                  </Field.HelperText>
                )}
              </Field.Root>
            </Stack>
          </form>
          {!isGiftcard && (
            <Stack gap="4">
              <DiscountForm
                source={DISCOUNT_SOURCE.ITEM}
                line={line}
                currency={currency}
                error={errors.item}
                onApply={applyDiscount}
              />
              <DiscountForm
                source={DISCOUNT_SOURCE.EMPLOYEE}
                line={line}
                currency={currency}
                error={errors.employee}
                onApply={applyDiscount}
              />
            </Stack>
          )}
          {others.length > 0 && (
            <form onSubmit={move} noValidate data-testid="line-move-form">
              <Field.Root>
                <Field.Label fontWeight="semibold">
                  {t('sale.lineEditor.moveTo', { name: owner.name })}
                </Field.Label>
                <HStack gap="2" w="full" wrap="wrap">
                  <NativeSelect.Root size="lg" flex="1" minW="40">
                    <NativeSelect.Field name="employee" minH="11">
                      {others.map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Button type="submit" size="lg" colorPalette="brand" variant="subtle">
                    {t('sale.lineEditor.move')}
                  </Button>
                </HStack>
              </Field.Root>
            </form>
          )}
          <Button
            size="lg"
            variant="outline"
            colorPalette="red"
            alignSelf="flex-start"
            onClick={remove}
            data-testid="line-remove"
          >
            {t('sale.lineEditor.remove')}
          </Button>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button size="xl" variant="outline">
            {t('sale.actions.done')}
          </Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
  );
}

export function LineEditorDialog({ at, onClose }: { at: LineRef | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  // A line that left the ticket (quantity 0, cleared, moved) closes its editor.
  const exists = SaleActor.useSelector((s) => (at ? selectLine(at)(s) !== undefined : false));
  return (
    <DialogFrame
      open={at !== null && exists}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      testId="line-editor"
      closeButton={{ size: 'lg', 'aria-label': t('sale.actions.close') }}
    >
      {at && <LineEditor key={`${at.employeeIndex}-${at.itemIndex}`} at={at} onClose={onClose} />}
    </DialogFrame>
  );
}
