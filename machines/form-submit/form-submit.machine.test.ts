import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { validationFailed } from '../../tests/support/machines/api-failures';
import { formSubmitMachine } from './form-submit.machine';
import type { FormValues, SubmitFormInput } from './form-submit.types';

const mismatch = { fieldErrors: { confirm: [{ code: 'confirmMismatch', message: 'Not the same.' }] } };

function harness(options: { invalid?: boolean; refuse?: unknown[] } = {}) {
  const sent: SubmitFormInput[] = [];
  const announced: string[] = [];
  const refusals = [...(options.refuse ?? [])];
  const actor = createActor(
    formSubmitMachine.provide({
      actors: {
        validate: fromPromise<void, { values: FormValues }>(async ({ input }) => {
          if (options.invalid && input.values.confirm !== input.values.new_password) throw mismatch;
        }),
        submit: fromPromise<unknown, SubmitFormInput>(async ({ input }) => {
          sent.push(input);
          const refusal = refusals.shift();
          if (refusal) throw refusal;
          return null;
        }),
      },
      actions: { announceDone: () => void announced.push('done') },
    }),
    { input: { values: { new_password: '', confirm: '' } } },
  ).start();
  return { actor, sent, announced };
}

describe('form submit', () => {
  it('keeps the values as typed beside their errors and sends nothing while the check fails', async () => {
    const h = harness({ invalid: true });
    h.actor.send({ type: 'field.change', name: 'new_password', value: 'secret-1' });
    h.actor.send({ type: 'field.change', name: 'confirm', value: 'secret-2' });
    h.actor.send({ type: 'submit', idempotencyKey: 'k1' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context.values).toEqual({ new_password: 'secret-1', confirm: 'secret-2' });
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual(mismatch.fieldErrors);
    expect(h.sent).toEqual([]);
    // Fixing the field clears its error at once.
    h.actor.send({ type: 'field.change', name: 'confirm', value: 'secret-1' });
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('retries a refused send with the same key, and a change makes a new intent', async () => {
    const lost = { status: 0, kind: 'network', message: 'Unable to connect to server.' };
    const h = harness({ refuse: [lost, lost] });
    h.actor.send({ type: 'field.change', name: 'new_password', value: 'secret-1' });
    h.actor.send({ type: 'submit', idempotencyKey: 'k1' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context.failure?.kind).toBe('offline');
    h.actor.send({ type: 'submit', idempotencyKey: 'k2' });
    await waitFor(h.actor, (s) => s.matches('failed') && h.sent.length === 2);
    expect(h.sent.map((s) => s.idempotencyKey)).toEqual(['k1', 'k1']);
    h.actor.send({ type: 'field.change', name: 'new_password', value: 'secret-2' });
    h.actor.send({ type: 'submit', idempotencyKey: 'k3' });
    await waitFor(h.actor, (s) => s.matches('done'));
    expect(h.sent.map((s) => s.idempotencyKey)).toEqual(['k1', 'k1', 'k3']);
    expect(h.announced).toEqual(['done']);
  });

  it("puts the server's field errors under their fields", async () => {
    const tooShort = validationFailed({ new_password: ['Too short'] });
    const h = harness({ refuse: [tooShort] });
    h.actor.send({ type: 'submit', idempotencyKey: 'k1' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(Object.keys(h.actor.getSnapshot().context.fieldErrors)).toEqual(['new_password']);
    expect(h.announced).toEqual([]);
  });
});
