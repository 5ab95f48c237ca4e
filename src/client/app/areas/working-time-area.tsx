/**
 * The employee check-in/out report in its own chunk (docs/front-desk.md "Working-time reports"), with the
 * correction chart's real side effects: the app's PIN check (auth.tsx appPinCheckMachine, POST /api/role-by-code)
 * as the chart's `pinCheck`, and the write of features/working-time-report.
 */
import { correctionWithWrite } from '../../features/working-time-report/working-time-logic';
import { WorkingTimeReportScreen } from '../../features/working-time-report/working-time-report-screen';
import { appPinCheckMachine } from '../auth';

const correctionLogic = correctionWithWrite.provide({ actors: { pinCheck: appPinCheckMachine } });

export function WorkingTimeArea() {
  return <WorkingTimeReportScreen correctionLogic={correctionLogic} />;
}
