import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, toPromise } from 'xstate';
import { notProvidedMessage, requiredAction, requiredActor, requiredCallback } from './required-actor';

describe('required side effects', () => {
  it('names the machine, the piece and how to provide it', () => {
    expect(notProvidedMessage('sale', 'actor', 'createSale')).toBe(
      "sale: the 'createSale' actor must be provided with .provide({ actors })",
    );
    expect(notProvidedMessage('push', 'action', 'reloadPage')).toBe(
      "push: the 'reloadPage' action must be provided with .provide({ actions })",
    );
  });

  it('a promise placeholder rejects with that message', async () => {
    const actor = createActor(requiredActor<number, { id: string }>('sale', 'loadSale'), {
      input: { id: '1' },
    });
    actor.subscribe({ error: () => {} });
    actor.start();
    await expect(toPromise(actor)).rejects.toThrow("sale: the 'loadSale' actor must be provided");
  });

  it('a callback placeholder stops with an error as soon as it starts', () => {
    const actor = createActor(requiredCallback<{ type: 'tick' }>('saleList', 'watchQueuedActions'));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toContain("saleList: the 'watchQueuedActions' actor must be provided");
  });

  it('an action placeholder throws when the chart runs it', () => {
    const machine = setup({
      actions: { persist: requiredAction<{ value: number }>('demo', 'persist') },
    }).createMachine({ on: { save: { actions: { type: 'persist', params: { value: 1 } } } } });
    const actor = createActor(machine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'save' });
    expect(String(errors[0])).toContain("demo: the 'persist' action must be provided");
  });

  it('is replaced by what the app provides', async () => {
    const machine = setup({
      actors: { load: requiredActor<number>('demo', 'load') },
    }).createMachine({
      initial: 'loading',
      context: { value: 0 },
      states: {
        loading: { invoke: { src: 'load', onDone: 'done', onError: 'failed' } },
        done: { type: 'final' },
        failed: { type: 'final' },
      },
    });
    const unprovided = createActor(machine).start();
    await toPromise(unprovided);
    expect(unprovided.getSnapshot().value).toBe('failed');
    const provided = createActor(machine.provide({ actors: { load: fromPromise(async () => 7) } })).start();
    await toPromise(provided);
    expect(provided.getSnapshot().value).toBe('done');
  });
});
