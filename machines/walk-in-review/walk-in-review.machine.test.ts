import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { offline } from '../../tests/support/machines/api-failures';
import { REVIEW_DONE_DELAY, walkInReviewMachine } from './walk-in-review.machine';
import type { SubmitReviewInput } from './walk-in-review.types';

function start(answers: Array<() => Promise<unknown>>) {
  const calls: SubmitReviewInput[] = [];
  const clock = new SimulatedClock();
  let ids = 0;
  const machine = walkInReviewMachine.provide({
    actors: {
      loadTechnicians: fromPromise(() => Promise.resolve([{ id: 2, name: 'Binh Tran' }])),
      submitReview: fromPromise(({ input }: { input: SubmitReviewInput }) => {
        calls.push(input);
        const next = answers.shift();
        return next ? next() : Promise.resolve({});
      }),
    },
  });
  const actor = createActor(machine, { input: { createId: () => `key-${++ids}` }, clock }).start();
  return { actor, calls, clock };
}

describe('walkInReview', () => {
  it('needs stars and a phone, sends them once per intent through an offline wait, then forgets', async () => {
    const { actor, calls, clock } = start([() => Promise.reject(offline)]);
    await waitFor(actor, (s) => s.matches('rating'));
    actor.send({ type: 'phone.change', phone: '555 123 4567' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('rating');
    actor.send({ type: 'rating.set', rating: 4 });
    actor.send({ type: 'technician.choose', id: 2 });
    actor.send({ type: 'comment.change', comment: ' Great nails ' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      { idempotencyKey: 'key-1', phone: '555 123 4567', rating: 4, comment: 'Great nails', technicianId: 2 },
      { idempotencyKey: 'key-1', phone: '555 123 4567', rating: 4, comment: 'Great nails', technicianId: 2 },
    ]);
    clock.increment(REVIEW_DONE_DELAY);
    expect(actor.getSnapshot().value).toBe('rating');
    expect(actor.getSnapshot().context).toMatchObject({ rating: null, phone: '', comment: '' });
  });
});
