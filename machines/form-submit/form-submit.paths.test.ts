/**
 * Path tests of the one-shot form (docs/architecture.md#statecharts): every state and transition, with the
 * client's check and the server's answers as actor events.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown, validationFailed } from '../../tests/support/machines/api-failures';
import { formSubmitMachine } from './form-submit.machine';
import type { FormSubmitEvent } from './form-submit.types';

const mismatch = { fieldErrors: { confirm: [{ code: 'confirmMismatch', message: 'Not the same.' }] } };
const tooShort = validationFailed({ new_password: ['Too short'] });

const events = [
  { type: 'field.change', name: 'confirm', value: 'secret-1' },
  { type: 'submit', idempotencyKey: 'change-1' },
] satisfies FormSubmitEvent[];

const actorEvents = [
  doneEvent('validate', undefined),
  errorEvent('validate', mismatch),
  doneEvent('submit', null),
  errorEvent('submit', tooShort),
  errorEvent('submit', offline),
  errorEvent('submit', serverDown),
];

describeMachinePaths(formSubmitMachine.provide({ actions: { announceDone: () => undefined } }), {
  input: { values: { new_password: '', confirm: '' } },
  events: [...events, ...actorEvents],
  minimal: true,
  compareContext: false,
  facts: ({ context }) => [
    context.idempotencyKey,
    Object.keys(context.fieldErrors).sort(),
    context.failure?.kind ?? null,
  ],
});
