import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { noSaleMachine } from './no-sale.machine';
import { selectNoSaleError, selectNoSaleStatus } from './no-sale.selectors';
import type { CheckPinInput, RecordNoSaleInput } from './no-sale.types';

const UUID = '3f2c1a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70';

function start(failures: { pin?: boolean; record?: boolean; drawer?: number } = {}) {
  const log: string[] = [];
  let drawerFailures = failures.drawer ?? 0;
  const actor = createActor(
    noSaleMachine.provide({
      actors: {
        checkPin: fromPromise(async ({ input }: { input: CheckPinInput }) => {
          log.push(`pin ${input.code}`);
          if (failures.pin) throw Object.assign(new Error('Wrong PIN'), { code: 'pinWrong' });
          return { approval: 'signed-approval' };
        }),
        recordNoSale: fromPromise<void, RecordNoSaleInput>(async ({ input }) => {
          log.push(`record ${input.uuid} ${input.reason} ${input.approval}`);
          if (failures.record) throw Object.assign(new Error('403'), { code: 'pin_approver_not_allowed' });
        }),
        openDrawer: fromPromise(async () => {
          log.push('kick');
          if (drawerFailures-- > 0) throw Object.assign(new Error('stall'), { code: 'writeFailed' });
        }),
      },
    }),
    { input: { uuid: UUID } },
  ).start();
  return { actor, log };
}
const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('no sale', () => {
  it('checks the PIN, records the open with the approval, then fires the drawer, in that order', async () => {
    const { actor, log } = start();
    actor.send({ type: 'noSale.submit', reason: ' Change for a $20 ', pin: '1234' });
    await idle(actor);
    expect(selectNoSaleStatus(actor.getSnapshot())).toBe('opened');
    expect(log).toEqual(['pin 1234', `record ${UUID} Change for a $20 signed-approval`, 'kick']);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('1234');
  });

  it('needs a reason and a PIN; a refused PIN or record stays in the form with the error and opens nothing', async () => {
    const { actor, log } = start({ pin: true });
    actor.send({ type: 'noSale.submit', reason: '', pin: '1234' });
    expect(selectNoSaleError(actor.getSnapshot())?.code).toBe('incomplete');
    actor.send({ type: 'noSale.submit', reason: 'Float', pin: '9999' });
    await idle(actor);
    expect(selectNoSaleStatus(actor.getSnapshot())).toBe('editing');
    expect(selectNoSaleError(actor.getSnapshot())?.code).toBe('pinWrong');
    const refused = start({ record: true });
    refused.actor.send({ type: 'noSale.submit', reason: 'Float', pin: '1234' });
    await idle(refused.actor);
    expect(selectNoSaleError(refused.actor.getSnapshot())?.code).toBe('pin_approver_not_allowed');
    expect([...log, ...refused.log].filter((l) => l === 'kick')).toEqual([]);
  });

  it('a drawer that did not open is retried without recording the open again', async () => {
    const { actor, log } = start({ drawer: 1 });
    actor.send({ type: 'noSale.submit', reason: 'Float', pin: '1234' });
    await idle(actor);
    expect(selectNoSaleStatus(actor.getSnapshot())).toBe('drawerFailed');
    actor.send({ type: 'noSale.retry' });
    await idle(actor);
    expect(selectNoSaleStatus(actor.getSnapshot())).toBe('opened');
    expect(log.filter((l) => l.startsWith('record'))).toHaveLength(1);
    expect(log.filter((l) => l === 'kick')).toHaveLength(2);
  });
});
