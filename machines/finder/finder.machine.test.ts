import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { offline } from '../../tests/support/machines/api-failures';
import { createFinderMachine, FIND_DELAY_MS } from './finder.machine';
import type { FindInput } from './finder.types';

interface Product {
  id: number;
  name: string;
}

const STOCK: Product[] = [
  { id: 1, name: 'Brow Gel' },
  { id: 2, name: 'Gel Top Coat' },
  { id: 3, name: 'Nail File' },
];

function start(find: (input: FindInput, signal: AbortSignal) => Promise<readonly Product[]>) {
  const clock = new SimulatedClock();
  const sent: string[] = [];
  const machine = createFinderMachine<Product>().provide({
    actors: {
      find: fromPromise(({ input, signal }: { input: FindInput; signal: AbortSignal }) => {
        sent.push(input.query);
        return find(input, signal);
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sent };
}

const byName = async ({ query }: FindInput) =>
  STOCK.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));

describe('finder', () => {
  it('sends one query, trimmed, once typing has paused', async () => {
    const { actor, clock, sent } = start(byName);
    actor.send({ type: 'query.change', query: 'g' });
    clock.increment(FIND_DELAY_MS - 1);
    actor.send({ type: 'query.change', query: 'gel ' });
    clock.increment(FIND_DELAY_MS - 1);
    expect(sent).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('found'));
    expect(sent).toEqual(['gel']);
    expect(actor.getSnapshot().context).toMatchObject({
      query: 'gel ',
      answered: 'gel',
      results: [STOCK[0], STOCK[1]],
    });
  });

  it('never lets an older answer replace a newer one: the request in flight is aborted', async () => {
    let aborted = 0;
    const { actor, clock, sent } = start(
      (input, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted += 1));
          if (input.query === 'file') void byName(input).then(resolve);
        }),
    );
    actor.send({ type: 'query.change', query: 'gel' });
    clock.increment(FIND_DELAY_MS);
    actor.send({ type: 'query.change', query: 'file' });
    clock.increment(FIND_DELAY_MS);
    await waitFor(actor, (s) => s.matches('found'));
    expect(sent).toEqual(['gel', 'file']);
    expect(aborted).toBe(1);
    expect(actor.getSnapshot().context.results).toEqual([STOCK[2]]);
  });

  it('a blank query clears the answers without asking the server', async () => {
    const { actor, clock, sent } = start(byName);
    actor.send({ type: 'query.change', query: 'nail' });
    clock.increment(FIND_DELAY_MS);
    await waitFor(actor, (s) => s.matches('found'));
    actor.send({ type: 'query.change', query: '   ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ results: [], answered: null });
    clock.increment(FIND_DELAY_MS);
    expect(sent).toEqual(['nail']);
  });

  it('offline, keeps the query and sends it again when the connection returns', async () => {
    let calls = 0;
    const { actor, clock, sent } = start(async (input) => {
      calls += 1;
      if (calls === 1) throw offline;
      return byName(input);
    });
    actor.send({ type: 'query.change', query: 'brow' });
    clock.increment(FIND_DELAY_MS);
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().context.failure?.kind).toBe('offline');
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('found'));
    expect(sent).toEqual(['brow', 'brow']);
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, results: [STOCK[0]] });
  });
});
