/**
 * The customer picker's real actors, provided here and nowhere else (docs/architecture.md: app/ is the one
 * place that gives machines their side effects): the POS customer calls of lib/api/customers-api.ts. The sale
 * area hands this chart to the sale screen (features/sale/customer-picker-actor.ts), which runs it.
 */
import { fromPromise } from 'xstate';
import { customerPickerMachine } from '../../../machines/customer-picker/customer-picker.machine';
import type {
  CreateCustomerInput,
  CustomerDetail,
  CustomerPage,
  LoadCustomerInput,
  SaveCustomerOutput,
  SearchCustomersInput,
  UpdateCustomerInput,
} from '../../../machines/customer-picker/customer-picker.types';
import * as customersApi from '../lib/api/customers-api';

export const appCustomerPickerMachine = customerPickerMachine.provide({
  actors: {
    searchCustomers: fromPromise<CustomerPage, SearchCustomersInput>(({ input, signal }) =>
      customersApi.listCustomers({ search: input.search }, { signal }),
    ),
    loadCustomer: fromPromise<CustomerDetail, LoadCustomerInput>(({ input, signal }) =>
      customersApi.getCustomer(input.customerId, { signal }),
    ),
    // Offline these resolve with the request queue's receipt, which the picker tells apart (its `queued`).
    createCustomer: fromPromise<SaveCustomerOutput, CreateCustomerInput>(({ input, signal }) =>
      customersApi.createCustomer(input.form, { signal, idempotencyKey: input.idempotencyKey }),
    ),
    updateCustomer: fromPromise<SaveCustomerOutput, UpdateCustomerInput>(({ input, signal }) =>
      customersApi.updateCustomer(input.customerId, input.form, {
        signal,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
  },
});
