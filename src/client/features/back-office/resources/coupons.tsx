/**
 * Coupons (/admin/coupons; the API's /api/coupons, docs/back-office.md "Coupons"): the codes a customer brings
 * for a discount. Its config of the one resource screen; its words are the admin-coupons namespace. The
 * discount is a percentage or an amount: typed in the currency's units only while the type is Amount
 * (`moneyWhen`), sent in minor units then (docs/money.md). The services it discounts are a multiselect of the
 * store's services (none = the whole ticket); the one store it is valid in is a select of the salon's stores
 * (GET /api/pos/stores; none = every store). The code is normalised by the contract's schema as the server
 * does, so the form refuses a code of symbols before sending it. A row's Uses open its history (panels/
 * coupon-panels.tsx).
 */
import { useTranslation } from 'react-i18next';
import { COUPON_CSV_COLUMNS, createCouponBody, updateCouponBody } from '../../../../contracts/coupons';
import { DISCOUNT_TYPE } from '../../../../domain/constants';
import type { ResourceRow } from '../../../../../machines/resource/resource.types';
import { ACTIVE_FILTER } from '../active-badge';
import { MoneyCell } from '../../../components/money-cell';
import { CouponHistoryPanel } from '../panels/coupon-panels';
import type { ColumnConfig, ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import { ACTIVE_COLUMN, ACTIVE_FIELD, NAMED_ROWS_LIST } from './named-rows';

const TYPES = [
  { value: String(DISCOUNT_TYPE.PERCENT), label: 'type.percent' },
  { value: String(DISCOUNT_TYPE.AMOUNT), label: 'type.amount' },
];

/** 10 % or $5.00, as the coupon takes it off. */
function DiscountCell({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('admin-coupons');
  if (row.discount_type === DISCOUNT_TYPE.AMOUNT) return <MoneyCell minor={row.discount_value} />;
  return <>{t('percentValue', { value: row.discount_value })}</>;
}

/** "3 of 100" uses, or "3 (no limit)". */
function UsesCell({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('admin-coupons');
  return (
    <>
      {row.max_uses === null
        ? t('usesUnlimited', { used: row.used_count })
        : t('usesOf', { used: row.used_count, max: row.max_uses })}
    </>
  );
}

const COLUMNS: ReadonlyArray<ColumnConfig<ResourceRow>> = [
  { field: 'code', label: 'fields.code', sortable: true },
  { field: 'name', label: 'fields.name', sortable: true, hideBelow: 'md' },
  { field: 'discount_value', label: 'fields.discount_value', cell: (row) => <DiscountCell row={row} /> },
  {
    field: 'min_order_amount',
    label: 'fields.min_order_amount',
    hideBelow: 'lg',
    cell: (row) => <MoneyCell minor={row.min_order_amount} />,
  },
  {
    field: 'used_count',
    label: 'fields.used_count',
    sortable: true,
    hideBelow: 'sm',
    cell: (row) => <UsesCell row={row} />,
  },
  { field: 'ends_at', label: 'fields.ends_at', sortable: true, hideBelow: 'md' },
  ACTIVE_COLUMN,
];

export const COUPONS: ResourceConfig = {
  ...NAMED_ROWS_LIST,
  name: 'coupons',
  namespace: 'admin-coupons',
  columns: COLUMNS,
  fields: [
    { name: 'code', kind: 'text', label: 'fields.code', hint: 'hints.code', required: true, maxLength: 64 },
    { name: 'name', kind: 'text', label: 'fields.name', maxLength: 100 },
    { name: 'discount_type', kind: 'select', label: 'fields.discount_type', required: true, options: TYPES },
    {
      name: 'discount_value',
      kind: 'money',
      moneyWhen: { field: 'discount_type', value: String(DISCOUNT_TYPE.AMOUNT) },
      label: 'fields.discount_value',
      hint: 'hints.discount_value',
      required: true,
    },
    {
      name: 'min_order_amount',
      kind: 'money',
      label: 'fields.min_order_amount',
      hint: 'hints.min_order_amount',
    },
    { name: 'max_uses', kind: 'number', label: 'fields.max_uses', hint: 'hints.max_uses' },
    {
      name: 'max_uses_per_customer',
      kind: 'number',
      label: 'fields.max_uses_per_customer',
      hint: 'hints.max_uses_per_customer',
    },
    {
      name: 'service_ids',
      kind: 'multiselect',
      label: 'fields.service_ids',
      hint: 'hints.service_ids',
      optionsFrom: { resource: 'services' },
    },
    {
      name: 'store_id',
      kind: 'select',
      label: 'fields.store_id',
      hint: 'hints.store_id',
      blank: 'allStores',
      optionsFrom: { resource: 'pos/stores' },
    },
    { name: 'starts_at', kind: 'date', label: 'fields.starts_at' },
    { name: 'ends_at', kind: 'date', label: 'fields.ends_at', hint: 'hints.ends_at' },
    ACTIVE_FIELD,
  ],
  schema: createCouponBody,
  updateSchema: updateCouponBody,
  defaults: {
    code: '',
    name: '',
    discount_type: String(DISCOUNT_TYPE.PERCENT),
    discount_value: '',
    min_order_amount: '',
    max_uses: '',
    max_uses_per_customer: '',
    service_ids: [],
    store_id: '',
    starts_at: '',
    ends_at: '',
    is_active: true,
  },
  defaultSort: 'code',
  filters: [ACTIVE_FILTER, { field: 'discount_type', label: 'fields.discount_type', options: TYPES }],
  importColumns: COUPON_CSV_COLUMNS,
  rowActions: [{ id: 'history', label: 'history.action', Panel: CouponHistoryPanel }],
  rowLabel: (row) => String(row.code),
};

export function CouponsScreen() {
  return <ResourceScreen config={COUPONS} />;
}
