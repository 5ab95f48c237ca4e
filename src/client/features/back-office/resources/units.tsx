/**
 * Units (/admin/units; the API's /api/units): what a product is counted in. Its config of the one resource
 * screen; its words are the admin-units namespace.
 */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { createUnitBody, UNIT_CSV_COLUMNS } from '../../../../contracts/units';
import type { Unit } from '../../../../contracts/units';
import type { ResourceRow } from '../../../../../machines/resource/resource.types';
import type { ResourceConfig } from '../resource-config';
import { ResourceScreen } from '../resource-screen';

type UnitRow = Unit & ResourceRow;

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}

export const UNITS: ResourceConfig = {
  name: 'units',
  namespace: 'admin-units',
  columns: [
    { field: 'name', label: 'fields.name', sortable: true },
    { field: 'abbreviation', label: 'fields.abbreviation', hideBelow: 'sm' },
    {
      field: 'is_active',
      label: 'fields.is_active',
      cell: (row) => <ActiveBadge active={(row as UnitRow).is_active} />,
    },
  ],
  fields: [
    { name: 'name', kind: 'text', label: 'fields.name', required: true, maxLength: 100 },
    {
      name: 'abbreviation',
      kind: 'text',
      label: 'fields.abbreviation',
      hint: 'hints.abbreviation',
      maxLength: 20,
    },
    { name: 'is_active', kind: 'switch', label: 'fields.is_active' },
  ],
  schema: createUnitBody,
  defaults: { name: '', abbreviation: '', is_active: true },
  defaultSort: 'name',
  filters: [
    {
      field: 'is_active',
      label: 'fields.is_active',
      options: [
        { value: 'true', label: 'filters.active' },
        { value: 'false', label: 'filters.inactive' },
      ],
    },
  ],
  bulkActions: ['delete', 'enable', 'disable'],
  importColumns: UNIT_CSV_COLUMNS,
  canExport: true,
  rowLabel: (row) => String(row.name),
};

export function UnitsScreen() {
  return <ResourceScreen config={UNITS} />;
}
