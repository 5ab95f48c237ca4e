/**
 * A coupon taken as a tender (docs/back-office.md "Coupons"): the code, looked up as it is typed, and what the
 * coupon is worth on this ticket, computed by the domain's couponOnTicket from the ticket's lines and total, as
 * the server will compute it; "Use" takes that amount (at most what is still due). A coupon the rules refuse
 * says why in the cashier's language (the server's code, common:apiError.<code>). The amount can still be typed
 * by hand; the sale checks everything again when it is completed.
 */
import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectAnswered,
  selectFinderStatus,
  selectResults,
} from '../../../../../machines/finder/finder.selectors';
import {
  selectCurrency,
  selectCustomer,
  selectOrder,
  selectTotals,
} from '../../../../../machines/sale/sale.selectors';
import type { PosCoupon } from '../../../../contracts/coupons';
import { couponLinesOf, couponOnTicket } from '../../../../domain/coupons';
import type { Minor } from '../../../../domain/order.types';
import { SaleActor } from '../sale-actor';
import { couponFinder } from './coupon-lookup';
import { ReferenceForm, useBalanceDue, useMoney } from './tender-forms';

export function CouponForm({ disabled }: { disabled: boolean }) {
  const customer = SaleActor.useSelector(selectCustomer);
  const customerId = useRef<number | null>(null);
  customerId.current = customer?.id ?? null;
  const [logic] = useState(() => couponFinder(() => customerId.current));
  const finder = useActorRef(logic);
  return (
    <ReferenceForm
      kind="coupon"
      disabled={disabled}
      onReferenceChange={(query) => finder.send({ type: 'query.change', query })}
      extra={(take) => <CouponOffer finder={finder} take={take} disabled={disabled} />}
    />
  );
}

type CouponFinderRef = ReturnType<typeof useActorRef<ReturnType<typeof couponFinder>>>;

function CouponOffer({
  finder,
  take,
  disabled,
}: {
  finder: CouponFinderRef;
  take: (amount: Minor) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('common');
  const status = useSelector(finder, selectFinderStatus);
  const answered = useSelector(finder, selectAnswered);
  const [coupon] = useSelector(finder, selectResults) as readonly PosCoupon[];
  if (status === 'debouncing' || status === 'searching') {
    return (
      <HStack gap="2" data-testid="coupon-offer" data-status="checking">
        <Spinner size="sm" />
        <Text>{t('tendering.coupon.checking')}</Text>
      </HStack>
    );
  }
  if (status === 'failed' || status === 'offline') {
    return (
      <Text color="fg.muted" data-testid="coupon-offer" data-status="unchecked">
        {t('tendering.coupon.unchecked')}
      </Text>
    );
  }
  if (status !== 'found' || answered === null) return null;
  if (!coupon) {
    return (
      <Alert.Root status="warning" data-testid="coupon-offer" data-status="refused">
        <Alert.Indicator />
        <Alert.Title>{t('apiError.coupon_not_found')}</Alert.Title>
      </Alert.Root>
    );
  }
  return <CouponWorth coupon={coupon} take={take} disabled={disabled} />;
}

function CouponWorth({
  coupon,
  take,
  disabled,
}: {
  coupon: PosCoupon;
  take: (amount: Minor) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const due = useBalanceDue();
  const order = SaleActor.useSelector(selectOrder);
  const totals = SaleActor.useSelector(selectTotals);
  const currency = SaleActor.useSelector(selectCurrency);
  const offer = couponOnTicket(coupon, {
    lines: couponLinesOf(order.orderEmployees, totals.employees),
    totalPrice: totals.total.total_price,
    day: coupon.day,
    hasCustomer: order.customer != null,
    customerUses: coupon.customer_uses,
    currency,
  });
  if (offer.refusal !== null) {
    return (
      <Alert.Root status="warning" data-testid="coupon-offer" data-status="refused" data-code={offer.refusal}>
        <Alert.Indicator />
        <Alert.Title>
          {coupon.code}: {t(`apiError.${offer.refusal}`)}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const amount = Math.min(offer.worth, due);
  return (
    <HStack gap="3" wrap="wrap" data-testid="coupon-offer" data-status="usable">
      <Text>
        {t('tendering.coupon.worth', { code: coupon.code, name: coupon.name, worth: money(offer.worth) })}
      </Text>
      <Button
        size="md"
        minH="11"
        colorPalette="brand"
        variant="outline"
        disabled={disabled || amount <= 0}
        onClick={() => take(amount)}
        data-testid="coupon-use"
      >
        {t('tendering.coupon.use', { amount: money(amount) })}
      </Button>
    </HStack>
  );
}
