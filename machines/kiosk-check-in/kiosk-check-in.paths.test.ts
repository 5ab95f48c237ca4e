import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown, validationFailed } from '../../tests/support/machines/api-failures';
import type { KioskFlags, KioskVariant } from '../../src/domain/kiosk';
import { CATALOG, CHECKED_IN, LAN, MAI, PHONE } from './kiosk-check-in.fixtures';
import { kioskCheckInMachine } from './kiosk-check-in.machine';
import type { KioskEvent } from './kiosk-check-in.types';

const events = [
  { type: 'start' },
  { type: 'next' },
  { type: 'back' },
  { type: 'cancel' },
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'confirm' },
  { type: 'phone.submit', phone: PHONE },
  { type: 'phone.submit', phone: '12' },
  { type: 'signUp.submit', form: { first_name: 'Lan', last_name: '', email: '', birthday: '' } },
  { type: 'signUp.submit', form: { first_name: ' ', last_name: '', email: '', birthday: '' } },
  {
    type: 'signUp.submit',
    form: { first_name: 'Lan', last_name: '', email: '', birthday: '' },
    phone: '555 987 6543',
  },
  { type: 'technician.choose', id: 1 },
  { type: 'technician.choose', id: null },
  { type: 'technician.choose', id: 99 },
  { type: 'category.choose', id: 10 },
  { type: 'category.choose', id: 99 },
  { type: 'service.toggle', id: 100 },
  { type: 'service.toggle', id: 999 },
] satisfies KioskEvent[];

const actorEvents = [
  doneEvent('loadCatalog', CATALOG),
  errorEvent('loadCatalog', offline),
  doneEvent('refreshCatalog', CATALOG),
  errorEvent('refreshCatalog', serverDown),
  doneEvent('findCustomer', MAI),
  doneEvent('findCustomer', null),
  errorEvent('findCustomer', serverDown),
  doneEvent('signUp', LAN),
  errorEvent('signUp', validationFailed({ email: ['Enter a valid email address.'] })),
  doneEvent('checkIn', CHECKED_IN),
  errorEvent('checkIn', offline),
  errorEvent('checkIn', serverDown),
];

const flags = (set: string): KioskFlags => ({
  employee: set.includes('E'),
  category: set.includes('C'),
  service: set.includes('S'),
});

// The addresses and flag sets that together take every arrow between the steps (each takes its own).
const STARTS: Array<[KioskVariant, string]> = [
  ['signIn', 'ECS'],
  ['signIn', ''],
  ['signIn', 'E'],
  ['signIn', 'S'],
  ['signIn', 'ES'],
  ['signUp', 'ECS'],
  ['signUp', ''],
  ['signUp', 'CS'],
  ['signUp', 'S'],
  ['quickEmployees', 'ECS'],
  ['quickEmployees', ''],
  ['quickServices', 'ECS'],
  ['quickServices', ''],
];

describeMachinePaths(kioskCheckInMachine, {
  events: [...events, ...actorEvents],
  // What the chart decides on besides its state: whether the catalog is loaded, the category chosen and the
  // services picked (the plan is the start's). Names and phones do not steer it.
  facts: (s) => [s.context.catalog !== null, s.context.categoryId, s.context.serviceIds],
  compareContext: false,
  minimal: true,
  starts: STARTS.map(([variant, set]) => ({
    name: `${variant} ${set || 'no flags'}`,
    input: { variant, flags: flags(set), createId: () => 'uuid-1' },
  })),
});
