/**
 * Members (/admin/members; the API's /api/users, docs/back-office-members.md): the salon's people, their role,
 * PIN, store, commission and whether they are technicians. Its config of the one resource screen; its words
 * are the admin-members namespace. A PIN or password left empty on an edit stays as it is (the row only says
 * whether one is set). The store choice offers the session's store; left empty, the member works in every
 * store. Passwords and PINs are typed hidden and never shown. The avatar is an image field (a chosen picture
 * makes the save multipart); "Change password" is a row action (panels/change-password-panel.tsx).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectStoreId } from '../../../../../machines/auth/auth.selectors';
import { createUserBody, USER_CSV_COLUMNS, USER_ROLES } from '../../../../contracts/users';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { formatNumber } from '../../../lib/format';
import { ACTIVE_FILTER } from '../active-badge';
import { ChangePasswordPanel } from '../panels/change-password-panel';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';
import { LabelCell } from './label-cell';
import { ACTIVE_COLUMN, ACTIVE_FIELD, NAME_COLUMN, NAMED_ROWS_LIST, nameField } from './named-rows';

const ROLES = USER_ROLES.map((role) => ({ value: role, label: `roles.${role}` }));
const YES_NO = [
  { value: 'true', label: 'technician.yes' },
  { value: 'false', label: 'technician.no' },
] as const;

function PercentCell({ value }: { value: unknown }) {
  const { i18n } = useTranslation();
  // formatNumber maps the app's language code to Intl's (thai → th-TH): Intl throws on "thai".
  return <>{formatNumber(Number(value), i18n.language, { maximumFractionDigits: 2 })} %</>;
}

/** The config for a session working in `storeId` (the store choice offers it). */
export function membersConfig(storeId: number | null): ResourceConfig {
  return {
    name: 'users',
    namespace: 'admin-members',
    columns: [
      NAME_COLUMN,
      { field: 'username', label: 'fields.username', sortable: true, hideBelow: 'sm' },
      {
        field: 'role',
        label: 'fields.role',
        sortable: true,
        cell: (row) => <LabelCell namespace="admin-members" labelKey={`roles.${String(row.role)}`} />,
      },
      {
        field: 'commission_rate',
        label: 'fields.commission_rate',
        sortable: true,
        hideBelow: 'md',
        cell: (row) => <PercentCell value={row.commission_rate} />,
      },
      ACTIVE_COLUMN,
    ],
    fields: [
      nameField(100),
      { name: 'username', kind: 'text', label: 'fields.username', required: true, maxLength: 50 },
      { name: 'role', kind: 'select', label: 'fields.role', required: true, options: ROLES },
      {
        name: 'pin',
        kind: 'password',
        inputMode: 'numeric',
        label: 'fields.pin',
        hint: 'hints.pin',
        maxLength: 6,
      },
      {
        name: 'password',
        kind: 'password',
        label: 'fields.password',
        hint: 'hints.password',
        maxLength: 256,
      },
      {
        name: 'store_id',
        kind: 'select',
        label: 'fields.store_id',
        hint: 'hints.store_id',
        options: storeId === null ? [] : [{ value: String(storeId), label: 'stores.this' }],
      },
      {
        name: 'commission_rate',
        kind: 'number',
        label: 'fields.commission_rate',
        hint: 'hints.commission_rate',
      },
      { name: 'is_technician', kind: 'switch', label: 'fields.is_technician' },
      ACTIVE_FIELD,
      { name: 'avatar', kind: 'image', label: 'fields.avatar', preview: 'avatar_path' },
    ],
    schema: createUserBody,
    defaults: {
      name: '',
      username: '',
      role: 'staff',
      pin: '',
      password: '',
      store_id: storeId === null ? '' : String(storeId),
      commission_rate: '0',
      is_technician: true,
      is_active: true,
    },
    defaultSort: 'name',
    filters: [
      { field: 'role', label: 'fields.role', options: ROLES },
      { field: 'is_technician', label: 'fields.is_technician', options: YES_NO },
      ACTIVE_FILTER,
    ],
    ...NAMED_ROWS_LIST,
    importColumns: USER_CSV_COLUMNS,
    rowActions: [{ id: 'change-password', label: 'changePassword.action', Panel: ChangePasswordPanel }],
  };
}

export function MembersScreen() {
  const storeId = useAuthSelector(selectStoreId);
  const config = useMemo(() => membersConfig(storeId), [storeId]);
  return <ResourceScreen config={config} />;
}
