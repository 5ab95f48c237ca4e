/** Path tests of the "no sale" chart (ADR 003): every state and transition, PIN refused, record failed, drawer failed. */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { noSaleMachine } from './no-sale.machine';
import type { NoSaleContext, NoSaleEvent } from './no-sale.types';

const events: NoSaleEvent[] = [
  { type: 'noSale.submit', reason: 'Change for a $20', pin: '1234' },
  { type: 'noSale.submit', reason: '  ', pin: '1234' },
  { type: 'noSale.retry' },
  { type: 'noSale.cancel' },
];
const actorEvents = [
  doneEvent('checkPin', { approval: 'signed' }),
  errorEvent('checkPin', { code: 'pinWrong', message: 'Wrong PIN' }),
  doneEvent('recordNoSale'),
  errorEvent('recordNoSale', { code: 'pin_approver_not_allowed', message: 'Needs a manager' }),
  doneEvent('openDrawer'),
  errorEvent('openDrawer', { code: 'noDevice', message: 'No printer' }),
];

describeMachinePaths(noSaleMachine, {
  input: { uuid: '3f2c1a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70' },
  events: [...events, ...actorEvents],
  facts: ({ context }: { context: NoSaleContext }) => [
    context.error?.code ?? null,
    context.approval,
    context.reason,
  ],
});
