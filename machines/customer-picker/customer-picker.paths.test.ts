/**
 * Path tests of the customer picker (docs/architecture.md#statecharts): paths generated from the real machine
 * reach every state and take every transition, and each is replayed on a real actor with fake actors (the
 * debounce on a simulated clock). Ids come from a constant createId so a replayed context equals the
 * generated one.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { customerPickerMachine } from './customer-picker.machine';
import type {
  CustomerDetail,
  CustomerListItem,
  CustomerPickerEvent,
  CustomerPickerInput,
} from './customer-picker.types';

const cleo: CustomerListItem = {
  id: 9,
  first_name: 'Cleo',
  last_name: 'Ray',
  name: 'Cleo Ray',
  phone: '2125551001',
  email: null,
  birthday: null,
  point_balance: 120,
  membership: null,
};
const cleoDetail: CustomerDetail = {
  ...cleo,
  notes: null,
  is_active: true,
  store_id: 1,
  giftcards: [],
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
};
const goodForm = {
  first_name: 'Dana',
  last_name: '',
  phone: '212-555-0199',
  email: '',
  birthday: '',
  notes: '',
};

const events: CustomerPickerEvent[] = [
  { type: 'picker.open' },
  { type: 'picker.close' },
  { type: 'query.change', query: 'cl' },
  { type: 'query.change', query: '' },
  { type: 'search.retry' },
  { type: 'customer.select', customer: cleo },
  { type: 'customer.new' },
  { type: 'customer.edit', customerId: 9 },
  { type: 'customer.save', form: goodForm },
  { type: 'customer.save', form: { ...goodForm, first_name: '' } },
  { type: 'edit.cancel' },
  { type: 'load.retry' },
];
const actorEvents = [
  doneEvent('searchCustomers', { items: [cleo], total: 1 }),
  errorEvent('searchCustomers', { status: 0, kind: 'network', message: 'Unable to connect to server.' }),
  doneEvent('loadCustomer', cleoDetail),
  errorEvent('loadCustomer', { status: 404, message: 'Customer not found.' }),
  doneEvent('createCustomer', { ...cleoDetail, id: 10, first_name: 'Dana', name: 'Dana' }),
  errorEvent('createCustomer', {
    status: 422,
    message: 'A customer with this phone number already exists.',
    errors: { phone: ['A customer with this phone number already exists.'] },
  }),
  // The offline queue's receipt instead of a customer (docs/offline.md).
  doneEvent('createCustomer', { offline: true, requestId: '17', message: 'Request saved offline.' }),
  doneEvent('updateCustomer', cleoDetail),
  doneEvent('updateCustomer', { offline: true, requestId: '18', message: 'Request saved offline.' }),
  errorEvent('updateCustomer', { status: 403, message: 'Forbidden.' }),
];

const input: CustomerPickerInput = { createId: () => 'key-1' };
describeMachinePaths(customerPickerMachine, { input, events: [...events, ...actorEvents], minimal: true });
