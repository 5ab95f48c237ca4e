/**
 * The order report screen's one actor, shared by its parts through React context (conventions.md "A screen"):
 * they read facts with `SaleListActor.useSelector(selectX)` and send typed events with
 * `SaleListActor.useActorRef().send(...)`. The action-mode chart is its child (`selectActionsRef`). The real side
 * effects are given by app/ through the Provider's `logic` prop (app/areas/sale-management-area.tsx), so this
 * feature never wires its own I/O.
 */
import { createActorContext } from '@xstate/react';
import { saleListMachine } from '../../../../machines/sale-list/sale-list.machine';

export const SaleListActor = createActorContext(saleListMachine);
