import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import {
  alreadyOpen,
  closedSession,
  drawerClosed,
  drawerOpen,
  managerRequired,
  openSession,
  queued,
  wrongPin,
} from './cash-drawer.fixtures';
import { cashDrawerMachine } from './cash-drawer.machine';
import type { CashDrawerEvent } from './cash-drawer.types';

const events = [
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'open.start' },
  { type: 'count.set', id: 'bill_20', pieces: 5 },
  { type: 'open.submit' },
  { type: 'movement.submit', kind: 'pay_out', amount: 1500, reason: 'Supplies' },
  { type: 'close.start' },
  { type: 'close.submit' },
  { type: 'pin.submit', pin: '1234' },
  { type: 'cancel' },
] satisfies CashDrawerEvent[];

const actorEvents = [
  doneEvent('loadDrawer', drawerClosed),
  doneEvent('loadDrawer', drawerOpen),
  errorEvent('loadDrawer', offline),
  errorEvent('loadDrawer', serverDown),
  doneEvent('openDrawer', openSession),
  doneEvent('openDrawer', queued),
  errorEvent('openDrawer', alreadyOpen),
  errorEvent('openDrawer', serverDown),
  doneEvent('recordMovement', openSession),
  doneEvent('recordMovement', queued),
  errorEvent('recordMovement', alreadyOpen),
  errorEvent('recordMovement', serverDown),
  doneEvent('closeDrawer', closedSession),
  doneEvent('closeDrawer', queued),
  errorEvent('closeDrawer', managerRequired),
  errorEvent('closeDrawer', alreadyOpen),
  errorEvent('closeDrawer', serverDown),
  doneEvent('approveClose', closedSession),
  doneEvent('approveClose', queued),
  errorEvent('approveClose', wrongPin),
];

describeMachinePaths(cashDrawerMachine, {
  events: [...events, ...actorEvents],
  // What the chart decides on besides its state: whether a count has pieces in it.
  facts: (s) => Object.keys(s.context.count).length > 0,
  compareContext: false,
  minimal: true,
});
