/**
 * Services (/admin/services; the API's /api/services, docs/back-office-catalog.md): what the salon sells by
 * the technician's time, in one of the store's service categories. Its config of the one resource screen;
 * its words are the admin-services namespace. Price and supply fee are typed in the currency's units and sent
 * in minor units (money-fields.ts). A write clears the sale screen's catalog caches (catalog-cache.ts).
 */
import { useTranslation } from 'react-i18next';
import {
  createServiceBody,
  SERVICE_CSV_COLUMNS,
  TURN_VALUES,
  updateServiceBody,
} from '../../../../contracts/services';
import { ResourceScreen } from '../resource-screen';
import { catalogItemConfig, categoryField, PRICE_COLUMN, PRICE_FIELD, TAXES_FIELD } from './catalog-item';
import { nameField } from './named-rows';

const TURNS = TURN_VALUES.map((value) => ({ value, label: `turn.${value}` }));

function MinutesCell({ minutes }: { minutes: unknown }) {
  const { t } = useTranslation('admin-services');
  return <>{t('minutes', { count: Number(minutes) })}</>;
}

export const SERVICES = catalogItemConfig({
  name: 'services',
  namespace: 'admin-services',
  columns: [
    PRICE_COLUMN,
    {
      field: 'duration_minutes',
      label: 'fields.duration_minutes',
      hideBelow: 'sm',
      cell: (row) => <MinutesCell minutes={row.duration_minutes} />,
    },
    { field: 'taxes', label: 'fields.taxes', hideBelow: 'md' },
    { field: 'display_order', label: 'fields.display_order', sortable: true, hideBelow: 'lg' },
  ],
  fields: [
    categoryField('service'),
    nameField(150),
    PRICE_FIELD,
    { name: 'duration_minutes', kind: 'number', label: 'fields.duration_minutes' },
    TAXES_FIELD,
    { name: 'cost', kind: 'money', label: 'fields.cost', hint: 'hints.cost' },
    {
      name: 'turn_value',
      kind: 'select',
      label: 'fields.turn_value',
      hint: 'hints.turn_value',
      options: TURNS,
      blank: 'turn.by_price',
    },
  ],
  schema: createServiceBody,
  updateSchema: updateServiceBody,
  defaults: {
    category_id: '',
    duration_minutes: '30',
    turn_value: '',
  },
  orderable: 'ordering',
  importColumns: SERVICE_CSV_COLUMNS,
});

export function ServicesScreen() {
  return <ResourceScreen config={SERVICES} />;
}
