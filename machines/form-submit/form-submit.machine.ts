/**
 * A small form sent once (docs/back-office.md "Row actions"): typed, checked on the client with the schema the
 * server parses the same body with, sent, then done. A member's "Change password" panel is one.
 *
 *   editing ──submit──▶ validating ──ok──▶ submitting ──done──▶ done
 *     ▲  ▲                  │ bad               │ error
 *     │  └── field.change ──┴─────── failed ◀───┘
 *     └────────── field.change ───────┘
 *
 * - The values are kept as typed in every state: a wrong one stays beside its error.
 * - `validate` and `submit` are actors the app provides; `validate` rejects with the field issues.
 * - The submit's Idempotency-Key is kept across retries of the same values and dropped by any change
 *   (docs/decisions/005-idempotency-keys.md): a retry after a lost answer is not a second change.
 * - After the server took it, `announceDone` (provided by the app) tells the screen its rows changed.
 */
import { assertEvent, assign, setup } from 'xstate';
import { fieldIssuesFromValidation, toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { failTo } from '../support/transitions';
import type {
  FormSubmitContext,
  FormSubmitEvent,
  FormSubmitInput,
  FormValues,
  SubmitFormInput,
} from './form-submit.types';

const MACHINE = 'formSubmit';

export const formSubmitMachine = setup({
  types: {
    context: {} as FormSubmitContext,
    events: {} as FormSubmitEvent,
    input: {} as FormSubmitInput,
  },
  actors: {
    validate: requiredActor<void, { values: FormValues }>(MACHINE, 'validate'),
    submit: requiredActor<unknown, SubmitFormInput>(MACHINE, 'submit'),
  },
  actions: {
    announceDone: requiredAction(MACHINE, 'announceDone'),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.name]: event.value }, fieldErrors, idempotencyKey: null };
    }),
    keepKey: assign(({ context, event }) => {
      assertEvent(event, 'submit');
      return { idempotencyKey: context.idempotencyKey ?? event.idempotencyKey, failure: null };
    }),
    clearIssues: assign({ fieldErrors: {} }),
    assignInvalid: assign((_, { error }: { error: unknown }) => ({
      fieldErrors: fieldIssuesFromValidation(error),
      failure: null,
    })),
    assignRefusal: assign((_, { error }: { error: unknown }) => {
      const failure = toResourceError(error);
      return { failure, fieldErrors: failure.fieldErrors ?? {} };
    }),
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    values: { ...input.values },
    fieldErrors: {},
    failure: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'change' },
        submit: { target: 'validating', actions: 'keepKey' },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'submitting', actions: 'clearIssues' },
        onError: failTo('failed', 'assignInvalid'),
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values, idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: { target: 'done', actions: 'announceDone' },
        onError: failTo('failed', 'assignRefusal'),
      },
    },
    failed: {
      on: {
        'field.change': { target: 'editing', actions: 'change' },
        submit: { target: 'validating', actions: 'keepKey' },
      },
    },
    done: { type: 'final' },
  },
});
