/**
 * The sale screen's one actor, shared by every panel of the screen through React context
 * (conventions.md "A screen"): panels read facts with `SaleActor.useSelector(selectX)` and send typed events
 * with `SaleActor.useActorRef().send(...)`. The real side effects (API calls, storage) are given by app/ through
 * the Provider's `logic` prop (app/areas/sale-area.tsx), so this feature never wires its own I/O.
 */
import { createActorContext } from '@xstate/react';
import { saleMachine } from '../../../../machines/sale/sale.machine';

export const SaleActor = createActorContext(saleMachine);
