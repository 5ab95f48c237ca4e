/** The active/inactive cell and filter that most resources share (their rows carry `is_active`). */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FilterConfig } from './resource-config';

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}

/** `filter[is_active]`: labels in the admin namespace, so a resource's config names only the field. */
export const ACTIVE_FILTER: FilterConfig = {
  field: 'is_active',
  label: 'admin:status.label',
  options: [
    { value: 'true', label: 'admin:status.activeOnly' },
    { value: 'false', label: 'admin:status.inactiveOnly' },
  ],
};
