/**
 * Memberships (/admin/memberships; the API's /api/memberships, docs/back-office.md "Memberships"): the levels
 * a customer can hold, with the order's membership discount (a percentage, or an amount in minor units),
 * what joining costs, how many months it holds and its benefits. Its config of the one resource screen; its
 * words are the admin-memberships namespace. The price is typed in the currency's units and sent in minor
 * units (money-fields.ts), and so is the discount while its type is Amount (`moneyWhen`). A row's History
 * opens who joined, renewed, changed or left it (panels/membership-panels.tsx, the generic RowHistory).
 */
import { useTranslation } from 'react-i18next';
import {
  createMembershipBody,
  MEMBERSHIP_CSV_COLUMNS,
  updateMembershipBody,
} from '../../../../contracts/memberships';
import { DISCOUNT_TYPE } from '../../../../domain/constants';
import { ACTIVE_FILTER } from '../active-badge';
import { MoneyCell } from '../../../components/money-cell';
import { formatNumber } from '../../../lib/format';
import { MembershipHistoryPanel } from '../panels/membership-panels';
import { ResourceScreen } from '../resource-screen';
import { namedRowsConfig, nameField } from './named-rows';

const DISCOUNT_TYPES = [
  { value: String(DISCOUNT_TYPE.PERCENT), label: 'discountTypes.percent' },
  { value: String(DISCOUNT_TYPE.AMOUNT), label: 'discountTypes.amount' },
];

/** The discount as a cashier reads it: "10 %" or the amount in the store's currency. */
function DiscountCell({ type, value }: { type: unknown; value: unknown }) {
  const { t, i18n } = useTranslation('admin-memberships');
  if (typeof value !== 'number') return null;
  if (type === DISCOUNT_TYPE.AMOUNT) return <MoneyCell minor={value} />;
  return <>{t('percent', { value: formatNumber(value, i18n.language, { maximumFractionDigits: 6 }) })}</>;
}

function DurationCell({ months }: { months: unknown }) {
  const { t } = useTranslation('admin-memberships');
  return <>{typeof months === 'number' ? t('months', { count: months }) : t('noEnd')}</>;
}

export const MEMBERSHIPS = namedRowsConfig({
  name: 'memberships',
  namespace: 'admin-memberships',
  columns: [
    {
      field: 'discount_value',
      label: 'fields.discount',
      cell: (row) => <DiscountCell type={row.discount_type} value={row.discount_value} />,
    },
    { field: 'price', label: 'fields.price', sortable: true, cell: (row) => <MoneyCell minor={row.price} /> },
    {
      field: 'duration_months',
      label: 'fields.duration_months',
      hideBelow: 'sm',
      cell: (row) => <DurationCell months={row.duration_months} />,
    },
    { field: 'benefits', label: 'fields.benefits', hideBelow: 'md' },
  ],
  fields: [
    nameField(100),
    {
      name: 'discount_type',
      kind: 'select',
      label: 'fields.discount_type',
      required: true,
      options: DISCOUNT_TYPES,
    },
    {
      name: 'discount_value',
      kind: 'money',
      moneyWhen: { field: 'discount_type', value: String(DISCOUNT_TYPE.AMOUNT) },
      label: 'fields.discount_value',
      hint: 'hints.discount_value',
    },
    { name: 'price', kind: 'money', label: 'fields.price', hint: 'hints.price' },
    {
      name: 'duration_months',
      kind: 'number',
      label: 'fields.duration_months',
      hint: 'hints.duration_months',
      inputMode: 'numeric',
    },
    { name: 'benefits', kind: 'textarea', label: 'fields.benefits', hint: 'hints.benefits', maxLength: 1000 },
    {
      name: 'points_per_unit',
      kind: 'number',
      label: 'fields.points_per_unit',
      hint: 'hints.points',
      inputMode: 'numeric',
    },
    { name: 'points_unit_amount', kind: 'money', label: 'fields.points_unit_amount' },
  ],
  schema: createMembershipBody,
  updateSchema: updateMembershipBody,
  defaults: {
    name: '',
    discount_type: String(DISCOUNT_TYPE.PERCENT),
    discount_value: '0',
    price: '',
    duration_months: '12',
    benefits: '',
    points_per_unit: '1',
    points_unit_amount: '1.00',
  },
  filters: [
    ACTIVE_FILTER,
    { field: 'discount_type', label: 'fields.discount_type', options: DISCOUNT_TYPES },
  ],
  importColumns: MEMBERSHIP_CSV_COLUMNS,
  rowActions: [{ id: 'history', label: 'history.action', Panel: MembershipHistoryPanel }],
});

export function MembershipsScreen() {
  return <ResourceScreen config={MEMBERSHIPS} />;
}
