/**
 * Customers (/admin/customers; the API's /api/customers, docs/back-office.md "Customers"): the salon's clients
 * with their phone (stored normalised: dashes, spaces and parentheses stripped), email, birthday, group,
 * membership, notes and opt-in to messages. Its config of the one resource screen; its words are the
 * admin-customers namespace. Points are shown, never edited: they change with sales and adjustments.
 *
 * A phone or email already on another active customer is refused beside the field with a link to that
 * customer (the 409 names its holder; `holderPath` opens this list searched for the value typed). The
 * /customers/search shortcut opens this screen, `?search=` kept. A row's Points and Reviews open their
 * histories (panels/customer-panels.tsx); its picture is sent with the save (multipart).
 */
import { useTranslation } from 'react-i18next';
import {
  createAdminCustomerBody,
  CUSTOMER_CSV_COLUMNS,
  updateAdminCustomerBody,
} from '../../../../contracts/customers-admin';
import { ActiveBadge, ACTIVE_FILTER } from '../active-badge';
import { CustomerPointsPanel, CustomerReviewsPanel } from '../panels/customer-panels';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import { ACTIVE_COLUMN, ACTIVE_FIELD, NAMED_ROWS_LIST } from './named-rows';

const YES_NO = [
  { value: 'true', label: 'yes' },
  { value: 'false', label: 'no' },
];

function MemberUntil({ until, membershipId }: { until: unknown; membershipId: unknown }) {
  const { t } = useTranslation('admin-customers');
  if (typeof membershipId !== 'number') return <>{t('noMembership')}</>;
  return <>{typeof until === 'string' ? t('until', { day: until }) : t('noEnd')}</>;
}

export const CUSTOMERS: ResourceConfig = {
  ...NAMED_ROWS_LIST,
  name: 'customers',
  namespace: 'admin-customers',
  columns: [
    { field: 'name', label: 'fields.name', sortable: true },
    { field: 'phone', label: 'fields.phone', sortable: true },
    { field: 'email', label: 'fields.email', hideBelow: 'md' },
    {
      field: 'membership_expires_on',
      label: 'fields.membership',
      hideBelow: 'lg',
      cell: (row) => <MemberUntil until={row.membership_expires_on} membershipId={row.membership_id} />,
    },
    { field: 'point_balance', label: 'fields.point_balance', sortable: true, hideBelow: 'sm' },
    {
      field: 'accepts_messages',
      label: 'fields.accepts_messages',
      hideBelow: 'lg',
      cell: (row) => <ActiveBadge active={row.accepts_messages === true} />,
    },
    ACTIVE_COLUMN,
  ],
  fields: [
    { name: 'first_name', kind: 'text', label: 'fields.first_name', required: true, maxLength: 100 },
    { name: 'last_name', kind: 'text', label: 'fields.last_name', maxLength: 100 },
    { name: 'phone', kind: 'tel', label: 'fields.phone', hint: 'hints.phone', maxLength: 32 },
    { name: 'email', kind: 'email', label: 'fields.email', maxLength: 254 },
    { name: 'birthday', kind: 'date', label: 'fields.birthday' },
    {
      name: 'customer_group_id',
      kind: 'select',
      label: 'fields.customer_group_id',
      optionsFrom: { resource: 'customer-groups', filter: { is_active: 'true' } },
    },
    {
      name: 'membership_id',
      kind: 'select',
      label: 'fields.membership_id',
      hint: 'hints.membership_id',
      optionsFrom: { resource: 'memberships', filter: { is_active: 'true' } },
    },
    { name: 'notes', kind: 'textarea', label: 'fields.notes', maxLength: 2000 },
    { name: 'avatar', kind: 'image', label: 'fields.avatar', preview: 'avatar_path' },
    {
      name: 'accepts_messages',
      kind: 'switch',
      label: 'fields.accepts_messages',
      hint: 'hints.accepts_messages',
    },
    ACTIVE_FIELD,
  ],
  schema: createAdminCustomerBody,
  updateSchema: updateAdminCustomerBody,
  defaults: {
    first_name: '',
    last_name: '',
    phone: '',
    email: '',
    birthday: '',
    customer_group_id: '',
    membership_id: '',
    notes: '',
    accepts_messages: false,
    is_active: true,
  },
  defaultSort: 'name',
  filters: [ACTIVE_FILTER, { field: 'accepts_messages', label: 'fields.accepts_messages', options: YES_NO }],
  importColumns: CUSTOMER_CSV_COLUMNS,
  rowActions: [
    { id: 'points', label: 'points.action', Panel: CustomerPointsPanel },
    { id: 'reviews', label: 'reviews.action', Panel: CustomerReviewsPanel },
  ],
  holderPath: ({ value }) => `/admin/customers?search=${encodeURIComponent(value.trim())}`,
  rowLabel: (row) => String(row.name),
};

export function CustomersScreen() {
  return <ResourceScreen config={CUSTOMERS} />;
}
