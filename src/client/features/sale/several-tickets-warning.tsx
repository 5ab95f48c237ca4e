/**
 * The warning when someone on this ticket is also on a parked one ("the warning when one
 * employee is on several tickets"; docs/sales.md#waiting-tickets), shown on the ticket where the cashier
 * rings up and in the drawer. The selector keeps its answer's reference while the names are the same, so a
 * tap on an item does not re-render it.
 */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectEmployeesOnSeveralTickets } from '../../../../machines/sale/sale.selectors';
import { SaleActor } from './sale-actor';

export function SeveralTicketsWarning() {
  const { t } = useTranslation('common');
  const employees = SaleActor.useSelector(selectEmployeesOnSeveralTickets);
  if (employees.length === 0) return null;
  return (
    <Alert.Root status="warning" role="status" data-testid="several-tickets-warning">
      <Alert.Indicator />
      <Alert.Title>
        {t('saleExtras.waiting.severalTickets', {
          count: employees.length,
          names: employees.map((employee) => employee.name).join(', '),
        })}
      </Alert.Title>
    </Alert.Root>
  );
}
