/**
 * The customer search and a customer's page in their own chunk (docs/back-office.md "The customer's page").
 * The page's Edit is offered only to someone the route table lets open the back office's customers screen
 * (access.ts routeAccess), so the rule stays the route table's, not a copy in the feature.
 */
import { useParams } from 'react-router-dom';
import { CustomerPageScreen } from '../../features/back-office/customer-pages/customer-page-screen';
import { CustomerSearchScreen } from '../../features/back-office/customer-pages/customer-search-screen';
import { NotFoundScreen } from '../../features/errors/error-screens';
import { routeAccess } from '../access';
import { resolveRoute } from '../routes';
import { useSessionFacts } from '../session';

const ADMIN_CUSTOMERS = '/admin/customers';

function CustomerPageArea() {
  const { id } = useParams();
  const session = useSessionFacts();
  const customerId = Number(id);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return <NotFoundScreen />;
  const admin = resolveRoute(ADMIN_CUSTOMERS);
  const canEdit = admin !== undefined && routeAccess(admin, session) === 'allow';
  return (
    <CustomerPageScreen
      key={customerId}
      id={customerId}
      editPath={canEdit ? `${ADMIN_CUSTOMERS}?edit=${customerId}` : null}
    />
  );
}

export const CUSTOMER_SCREENS = {
  search: CustomerSearchScreen,
  page: CustomerPageArea,
} as const;
