/**
 * The report chart (machines/report) with its side effects for one report: the page and the export through
 * lib/api/reports-api.ts with the session's PIN approval (the route's PIN gate obtained it, lib/api/pin-approval.ts),
 * and the browser's print of the screen.
 */
import { fromPromise } from 'xstate';
import { reportMachine } from '../../../../machines/report/report.machine';
import type { ReportPage, ReportPerson, ReportQueryInput } from '../../../../machines/report/report.types';
import { pinApprovals } from '../../lib/api/pin-approval';
import type { PinApprovalStore } from '../../lib/api/pin-approval';
import { exportReport, fetchReport } from '../../lib/api/reports-api';
import type { ApiClient } from '../../lib/api/client';
import { listStoreEmployees } from '../../lib/api/sale-management-api';

export interface ReportLogicDeps {
  approvals?: Pick<PinApprovalStore, 'getSnapshot'>;
  client?: Pick<ApiClient, 'get'>;
  fetchImpl?: typeof fetch;
  save?: (blob: Blob, filename: string) => void;
  print?: () => void;
}

export function reportLogic(name: string, deps: ReportLogicDeps = {}) {
  const approvals = deps.approvals ?? pinApprovals;
  const approval = () => approvals.getSnapshot()?.approval;
  return reportMachine.provide({
    actors: {
      fetchReport: fromPromise<ReportPage, ReportQueryInput>(({ input, signal }) =>
        fetchReport(name, input, {
          signal,
          pinApproval: approval(),
          ...(deps.client ? { client: deps.client } : {}),
        }),
      ),
      exportReport: fromPromise<void, ReportQueryInput>(({ input, signal }) =>
        exportReport(name, input, {
          signal,
          pinApproval: approval(),
          fetchImpl: deps.fetchImpl,
          ...(deps.save ? { save: deps.save } : {}),
        }),
      ),
      loadPeople: fromPromise<readonly ReportPerson[], void>(({ signal }) =>
        listStoreEmployees({ signal, ...(deps.client ? { client: deps.client } : {}) }).then((people) =>
          people.map((person) => ({ id: person.id, name: person.name })),
        ),
      ),
    },
    actions: { printReport: () => (deps.print ?? (() => window.print()))() },
  });
}
