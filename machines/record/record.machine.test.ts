import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { createRecordMachine } from './record.machine';
import type { LoadRecordInput } from './record.types';

interface Customer {
  id: number;
  name: string;
}

const notFound = { status: 404, kind: 'http', code: 'not_found', message: 'Customer not found.' };

function start(answers: (() => Promise<Customer>)[]) {
  const asked: number[] = [];
  const machine = createRecordMachine<Customer>().provide({
    actors: {
      load: fromPromise(({ input }: { input: LoadRecordInput }) => {
        asked.push(input.id);
        const next = answers.shift();
        if (!next) throw new Error('no answer left');
        return next();
      }),
    },
  });
  const actor = createActor(machine, { input: { id: 7 } }).start();
  return { actor, asked };
}

const mai = { id: 7, name: 'Mai Tran' };

describe('record', () => {
  it('loads the record it was started with and shows it', async () => {
    const { actor, asked } = start([() => Promise.resolve(mai)]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toEqual([7]);
    expect(actor.getSnapshot().context.record).toEqual(mai);
  });

  it('says not found for an id that names nothing, and offers no retry', async () => {
    const { actor } = start([() => Promise.reject(notFound)]);
    await waitFor(actor, (s) => s.matches('notFound'));
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.failure?.kind).toBe('notFound');
  });

  it('waits offline and loads by itself when the connection returns', async () => {
    const { actor, asked } = start([() => Promise.reject(offline), () => Promise.resolve(mai)]);
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toEqual([7, 7]);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('retries a failed load on request', async () => {
    const { actor } = start([() => Promise.reject(serverDown), () => Promise.resolve(mai)]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.kind).toBe('server');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('shown'));
  });

  it('keeps the record shown when a reload fails, with the failure', async () => {
    const { actor } = start([() => Promise.resolve(mai), () => Promise.reject(serverDown)]);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('shown') && s.context.failure !== null);
    expect(actor.getSnapshot().context.record).toEqual(mai);
  });
});
