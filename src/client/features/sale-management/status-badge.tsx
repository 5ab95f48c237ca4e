/** A sale's status as a badge: its name in words (never colour alone) on a tint that tells them apart at a glance. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';

const PALETTE: Readonly<Record<SaleStatus, string>> = {
  [SALE_STATUS.SALE]: 'green',
  [SALE_STATUS.REFUND]: 'orange',
  [SALE_STATUS.VOID]: 'red',
  [SALE_STATUS.DRAFT]: 'gray',
  [SALE_STATUS.TRASH]: 'gray',
};

export function StatusBadge({
  status,
  partlyRefunded = false,
}: {
  status: SaleStatus;
  partlyRefunded?: boolean;
}) {
  const { t } = useTranslation('common');
  const label =
    status === SALE_STATUS.SALE && partlyRefunded
      ? t('sale_management.status.partlyRefunded')
      : t(`sale_management.status.${status}`);
  return (
    <Badge
      colorPalette={PALETTE[status]}
      variant={status === SALE_STATUS.TRASH ? 'outline' : 'subtle'}
      size="md"
      data-testid="sale-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}
