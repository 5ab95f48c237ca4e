/**
 * The customer search and a customer's page (docs/back-office.md "The customer's page") with their real calls:
 * the finder chart (machines/finder) searching GET /api/customers/search, and the record chart
 * (machines/record) reading GET /api/customers/{id}/profile. Both need only the Customer module
 * (docs/roles.md#access-rules), so every role allowed customers can use them.
 */
import { fromPromise } from 'xstate';
import { createFinderMachine } from '../../../../../machines/finder/finder.machine';
import { createRecordMachine } from '../../../../../machines/record/record.machine';
import type { CustomerProfile } from '../../../../contracts/customer-profile';
import type { CustomerListItem } from '../../../../contracts/customers';
import type { Page } from '../../../../contracts/envelope';
import { api } from '../../../lib/api/api';

/** Matches the search lists at most: a narrower query (more of the name, the phone's last digits) finds the rest. */
export const FOUND_CUSTOMERS = 25;

export async function findCustomers(query: string, signal?: AbortSignal): Promise<CustomerListItem[]> {
  const page = await api.get<Page<CustomerListItem>>('/customers/search', {
    query: { search: query, per_page: FOUND_CUSTOMERS },
    skipNotice: true,
    signal,
  });
  return page.items;
}

export function customerFinder() {
  return createFinderMachine<CustomerListItem>().provide({
    actors: { find: fromPromise(({ input, signal }) => findCustomers(input.query, signal)) },
  });
}

export function customerProfileLogic() {
  return createRecordMachine<CustomerProfile>().provide({
    actors: {
      load: fromPromise(({ input, signal }) =>
        api.get<CustomerProfile>(`/customers/${input.id}/profile`, { skipNotice: true, signal }),
      ),
    },
  });
}
