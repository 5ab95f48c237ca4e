/**
 * The customer picker as the sale screen runs it: the chart with its real calls comes from app/
 * (app/customer-actors.ts, provided by the sale area; features never import app/, docs/architecture.md), and
 * idempotency keys from lib/api (crypto.randomUUID, the machine's default, is missing on a till that opens the
 * app over plain http on the salon's LAN).
 *
 *   const picker = useCustomerPickerActor();          one picker for as long as the component lives
 *   picker.on('customer.chosen', (e) => sale.send({ type: 'customer.set', customer: e.customer }));
 */
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { customerPickerMachine } from '../../../../machines/customer-picker/customer-picker.machine';
import { provided } from '../../lib/actors/provided';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';

export const customerPickerLogic = provided<typeof customerPickerMachine>('customerPickerLogic');

export type CustomerPickerActorRef = ActorRefFrom<typeof customerPickerMachine>;

export function useCustomerPickerActor(): CustomerPickerActorRef {
  return useActorRef(customerPickerLogic.use(), { input: { createId: newIdempotencyKey } });
}
