import { it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { saleManagementMachine } from './sale-management.machine';
it('dbg', async () => {
  const m = saleManagementMachine.provide({ actors: { checkManagerPin: fromPromise(async () => { throw new Error('Wrong PIN'); }) } });
  const a = createActor(m, { input: { timeZone: 'UTC', sale: null }, inspect: (e) => { if (e.type === '@xstate.event') console.log(JSON.stringify(e.event), (e.event as any).error); } }).start();
  a.send({ type: 'mode.open', mode: 'clearTrashAll', now: new Date(), intentId: 'x' });
  a.send({ type: 'action.confirm' });
  a.send({ type: 'pin.submit', pin: '1' });
  await new Promise((r) => setTimeout(r, 10));
  console.log(a.getSnapshot().value, a.getSnapshot().context.error);
});
