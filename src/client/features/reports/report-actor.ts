/**
 * The report screen's one actor, shared by its parts through React context: they read facts with
 * `ReportActor.useSelector(selectX)` and send events with `ReportActor.useActorRef().send(...)`. The real side
 * effects come through the Provider's `logic` (report-logic.ts), one per report.
 */
import { createActorContext } from '@xstate/react';
import { reportMachine } from '../../../../machines/report/report.machine';

export const ReportActor = createActorContext(reportMachine);
