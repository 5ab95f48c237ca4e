/**
 * Gift cards (/admin/giftcards; the API's /api/giftcards, docs/back-office.md "Gift cards"): the salon's
 * prepaid cards. Its config of the one resource screen; its words are the admin-giftcards namespace.
 *
 * A new card is issued with its number (normalised and upper-cased by the contract's schema, as the server
 * stores it) and the amount loaded on it, typed in the store currency's units and sent in minor units, and
 * optionally its customer (one of the salon's customers), last valid day and notes. The
 * balance is never a form field: it moves only by the row actions (Reload) and by sales, each with a history
 * row (History). Deactivate and Activate switch the card off and on with a history row each, as bulk disable
 * and enable do. The export is the endpoint catalogue's POST answering base64 contents, saved as
 * giftcards_export.csv.
 */
import {
  createGiftcardBody,
  GIFTCARD_CSV_COLUMNS,
  updateGiftcardBody,
} from '../../../../contracts/giftcards';
import { ActiveBadge, ACTIVE_FILTER } from '../active-badge';
import { MoneyCell } from '../../../components/money-cell';
import { ActivatePanel, DeactivatePanel, GiftcardHistoryPanel, ReloadPanel } from '../panels/giftcard-panels';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';

export const GIFTCARDS: ResourceConfig = {
  name: 'giftcards',
  namespace: 'admin-giftcards',
  columns: [
    { field: 'number', label: 'fields.number', sortable: true },
    {
      field: 'balance',
      label: 'fields.balance',
      sortable: true,
      cell: (row) => <MoneyCell minor={row.balance} />,
    },
    {
      field: 'initial_amount',
      label: 'fields.initial_amount',
      sortable: true,
      hideBelow: 'md',
      cell: (row) => <MoneyCell minor={row.initial_amount} />,
    },
    { field: 'expires_at', label: 'fields.expires_at', sortable: true, hideBelow: 'md' },
    { field: 'notes', label: 'fields.notes', hideBelow: 'lg' },
    {
      field: 'is_active',
      label: 'fields.is_active',
      cell: (row) => <ActiveBadge active={row.is_active === true} />,
    },
  ],
  fields: [
    {
      name: 'number',
      kind: 'text',
      label: 'fields.number',
      hint: 'hints.number',
      required: true,
      maxLength: 80,
    },
    {
      name: 'initial_amount',
      kind: 'money',
      label: 'fields.initial_amount',
      hint: 'hints.initial_amount',
      required: true,
      createOnly: true,
    },
    {
      name: 'customer_id',
      kind: 'select',
      label: 'fields.customer_id',
      optionsFrom: { resource: 'customers' },
    },
    { name: 'expires_at', kind: 'date', label: 'fields.expires_at', hint: 'hints.expires_at' },
    { name: 'notes', kind: 'textarea', label: 'fields.notes', maxLength: 500 },
  ],
  schema: createGiftcardBody,
  updateSchema: updateGiftcardBody,
  defaults: { number: '', initial_amount: '', customer_id: '', expires_at: '', notes: '' },
  defaultSort: '-created_at',
  filters: [ACTIVE_FILTER],
  bulkActions: ['delete', 'enable', 'disable'],
  importColumns: GIFTCARD_CSV_COLUMNS,
  canExport: true,
  exportRoute: { method: 'POST', filename: 'giftcards_export.csv' },
  rowActions: [
    { id: 'reload', label: 'reload.title', visible: (row) => row.is_active === true, Panel: ReloadPanel },
    { id: 'history', label: 'history.title', Panel: GiftcardHistoryPanel },
    {
      id: 'deactivate',
      label: 'deactivate.title',
      visible: (row) => row.is_active === true,
      Panel: DeactivatePanel,
    },
    {
      id: 'activate',
      label: 'activate.title',
      visible: (row) => row.is_active !== true,
      Panel: ActivatePanel,
    },
  ],
  rowLabel: (row) => String(row.number),
};

export function GiftcardsScreen() {
  return <ResourceScreen config={GIFTCARDS} />;
}
