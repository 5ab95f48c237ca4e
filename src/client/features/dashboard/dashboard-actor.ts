/**
 * The dashboard screen's one actor, shared by its parts through React context: they read facts with
 * `DashboardActor.useSelector(selectX)` and send events with `DashboardActor.useActorRef().send(...)`. The real
 * fetch comes through the Provider's `logic` (dashboard-logic.ts).
 */
import { createActorContext } from '@xstate/react';
import { dashboardMachine } from '../../../../machines/dashboard/dashboard.machine';

export const DashboardActor = createActorContext(dashboardMachine);
