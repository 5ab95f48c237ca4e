/**
 * UI model-based tests of the refund/void action-mode flow (docs/architecture.md#statecharts "the refund/void
 * flow [is] also replayed against the real UI in Chromium, each event mapped to a gesture and each state to
 * an assertion").
 *
 * The paths come from the real chart, machines/sale-management, with xstate/graph (tests/support/machine-coverage.ts),
 * restricted to the refund and void modes on a completed sale of today: one path per edge of the state graph,
 * minimised to those that add a state or a transition. Each path runs on a fresh sale rung up through the API, in the
 * real app against the real server: every event is performed as what a manager does (a tap, a tick, a PIN typed,
 * Escape), and after every step the screen must show the state the chart says it is in.
 *
 * The actors' outcomes are events of the path too. A PIN check is decided by the PIN typed (the manager's 3333
 * approves, the cashier's 4444 is not a manager's, 9876 is wrong), and the submit by the real server. So that the
 * momentary states (checking the PIN, submitting) can be seen, their requests are held at the network until the
 * path's next step lets them go; a submit the path wants refused is answered 409 there instead (the retry then goes
 * to the real server with the same idempotency key), and one the path wants queued is dropped there as a lost
 * connection, so the app's offline request queue takes it (docs/offline.md: "saved offline", the sale
 * unchanged). An event the chart refuses in a state (Escape while the PIN is checked, Continue with nothing
 * chosen) is checked as a gesture the screen does not offer or ignores.
 */
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { getInitialSnapshot } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ManagedSale, OpenableMode } from '../../machines/sale-management/sale-management.types';
import { saleManagementMachine } from '../../machines/sale-management/sale-management.machine';
import { ACTION_MODE, SALE_STATUS } from '../../src/domain/constants';
import {
  CASHIER_PIN,
  MANAGER_PIN,
  SaleManagementPage,
  SalesApi,
} from '../e2e/support/pages/sale-management-page';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  formatCoverage,
  mergeCoverage,
} from '../support/machine-coverage';
import type { MachinePath } from '../support/machine-coverage';
import { clearQueue } from '../e2e/support/offline-queue-store';
import { AppPage } from '../e2e/support/pages/app-page';
import { LoginPage } from '../e2e/support/pages/login-page';
import { cutWorkerWrites, HeldRequests } from './support/held-requests';

const MANICURE = 'Classic Manicure';
const OIL = 'Cuticle Oil 15 ml';
const WRONG_PIN = '9876';
const REFUSAL = 'The card processor refused the reversal. Try again.';
const SUBMIT_URL = /\/api\/pos\/sales\/\d+\/(refund|void)$/;

// ---- the model ------------------------------------------------------------------------------------------

/** Paths are generated for a sale rung up a minute ago, in the store's zone: a void is allowed (same day). */
const NOW = new Date();
const MODEL_SALE: ManagedSale = {
  id: 1,
  status: SALE_STATUS.SALE,
  statusBeforeTrash: null,
  orderAt: new Date(NOW.getTime() - 60_000).toISOString(),
  hasRefund: false,
};
const INPUT = { timeZone: 'America/New_York', sale: MODEL_SALE };

const MANAGER = { role: 'manager', name: 'Maria Lopez' };
const CASHIER = { role: 'staff', name: 'Jenny Kim' };

/** The events a manager can cause in one mode; the submit's outcome follows the mode (as the server's). */
function events(snapshot: AnyMachineSnapshot, mode: OpenableMode): AnyEventObject[] {
  const sale = snapshot.context.sale as ManagedSale;
  const after: ManagedSale =
    snapshot.context.mode === ACTION_MODE.VOID
      ? { ...sale, status: SALE_STATUS.VOID }
      : { ...sale, hasRefund: true };
  return [
    // The sale's facts arrive again when the manager opens the same ticket again.
    { type: 'sale.loaded', sale },
    { type: 'mode.open', mode, now: NOW, intentId: 'intent' },
    { type: 'form.change', values: { lines: [{ sale_line_id: 1, quantity: 1 }] } },
    { type: 'pin.submit', pin: 'typed' },
    doneEvent('checkManagerPin', MANAGER),
    doneEvent('checkManagerPin', CASHIER),
    errorEvent('checkManagerPin', {
      code: 'pin.errors.wrong',
      message: 'The PIN is not correct. 9 tries left.',
    }),
    doneEvent('submitAction', { sale: after }),
    doneEvent('submitAction', { queued: { requestId: 'offline' } }),
    errorEvent('submitAction', { code: 'sale_management.action_failed', message: REFUSAL }),
  ];
}

// One exploration per mode, so each mode's whole flow is replayed (minimised over both, void's PIN and submit steps
// would stand in for refund's, and the refund form would never be submitted for real).
const MODES: readonly OpenableMode[] = [ACTION_MODE.REFUND, ACTION_MODE.VOID];
const explorations = MODES.map((mode) =>
  exploreMachine(saleManagementMachine, {
    input: INPUT,
    events: (snapshot) => events(snapshot, mode),
    minimal: true,
  }),
);
const coverage = mergeCoverage(...explorations.map((e) => e.coverage));

// ---- gestures ---------------------------------------------------------------------------------------------

interface Screen {
  page: Page;
  report: SaleManagementPage;
  ticket: number;
  pinChecks: HeldRequests;
  submits: HeldRequests;
}

async function openScreen(manager: Manager, ticket: number): Promise<Screen> {
  const page = manager.tab;
  const report = new SaleManagementPage(page);
  // The tab's first path loads the report; the next ones go to it inside the app.
  if (page.url().startsWith('http')) await report.openReportInApp();
  else await report.openReport();
  await report.searchTicket(ticket);
  await report.openTicket(ticket);
  // Held only from here on: the PIN gate's own check above went through as usual.
  const pinChecks = await HeldRequests.on(page, /\/api\/role-by-code$/);
  const submits = await HeldRequests.on(page, SUBMIT_URL, 'POST');
  manager.held.push(pinChecks, submits);
  return { page, report, ticket, pinChecks, submits };
}

/**
 * The manager's browser, signed in once per worker, with one tab its paths share: a path pays for the order
 * report and its ticket, not for a sign-in, a cold start or a page load (the suite's time budget,
 * docs/testing.md). A submit a path drops is queued, and the worker's Background Sync would send it at once (the
 * browser is online) where page.route cannot see it: the sale turned Voided under a path that says it is
 * unchanged (CI, 1 run in ~20); it is cut at the context. What a path leaves queued is cleared after it, or the
 * tab would send it during the next path.
 */
interface Manager {
  /** The manager's browser, signed in once. */
  context: BrowserContext;
  /** The tab the worker's paths run in, one after the other. */
  tab: Page;
  /** The requests the current path holds, stopped after it. */
  held: HeldRequests[];
}

const test = base.extend<object, { manager: Manager }>({
  manager: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, locale, timezoneId });
      await cutWorkerWrites(context, SUBMIT_URL);
      const login = await context.newPage();
      const signIn = new LoginPage(login);
      await signIn.logInAsDemo('manager');
      await signIn.waitForAppVersion();
      await login.close();
      await use({ context, tab: await context.newPage(), held: [] });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // The paths of a worker share one tab: a page load costs seconds on a busy runner, going to the report inside
  // the app a fraction (docs/testing.md). After a path: the report left (its chart stops), what the path held
  // let go and no longer held, the queue cleared. A path that failed may have left anything behind: the next
  // one gets a new tab.
  page: async ({ manager }, use, testInfo) => {
    await use(manager.tab);
    const { tab } = manager;
    if (testInfo.status === testInfo.expectedStatus && tab.url().startsWith('http')) {
      await new AppPage(tab).openInApp('/dashboard');
      await expect(tab.getByTestId('sale-detail')).toBeHidden();
    }
    for (const held of manager.held.splice(0)) await held.stop();
    if (tab.url().startsWith('http')) await clearQueue(tab).catch(() => undefined);
    if (testInfo.status !== testInfo.expectedStatus) {
      await tab.close();
      manager.tab = await manager.context.newPage();
    }
  },
});

/** A short, stable name for an event (test titles must not change between processes: no times in them). */
function label(event: AnyEventObject): string {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const output = (event as unknown as { output?: { role?: string; queued?: unknown } }).output;
    const outcome =
      actor[1] === 'error' ? 'fails' : (output?.role ?? (output?.queued ? 'queued offline' : 'ok'));
    return `${actor[2]}: ${outcome}`;
  }
  if (event.type.startsWith('xstate.after.')) return 'closes by itself';
  return event.type === 'mode.open' ? `mode.open(${String(event.mode)})` : event.type;
}

const titleOf = (path: MachinePath) =>
  `${path.steps.map((step) => label(step.event)).join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;

const same = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
  JSON.stringify([a.value, a.context]) === JSON.stringify([b.value, b.context]);

/** The PIN a manager types so that the check ends as the path's next step says. */
function pinFor(next: AnyEventObject | undefined): string {
  if (next?.type === 'xstate.error.actor.checkManagerPin') return WRONG_PIN;
  if (next?.type === 'xstate.done.actor.checkManagerPin') {
    return (next as unknown as { output: { role: string } }).output.role === 'manager'
      ? MANAGER_PIN
      : CASHIER_PIN;
  }
  return MANAGER_PIN;
}

async function perform(
  screen: Screen,
  event: AnyEventObject,
  next: AnyEventObject | undefined,
  changes: boolean,
): Promise<void> {
  const { page, report } = screen;
  switch (event.type) {
    case 'sale.loaded':
      await report.openTicket(screen.ticket);
      return;
    case 'mode.open': {
      const name = event.mode === ACTION_MODE.REFUND ? 'Refund' : 'Void';
      if (changes) await report.startAction(name);
      else await expect(report.action(name)).toHaveCount(0);
      return;
    }
    case 'form.change':
      await report.chooseRefundLine(MANICURE);
      return;
    case 'form.submit':
      if (changes) await report.continue();
      else await expect(report.dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
      return;
    case 'action.confirm':
      await report.confirm();
      return;
    case 'action.retry':
      await report.dialog.getByRole('button', { name: 'Try again' }).click();
      return;
    case 'mode.close':
      if (!changes)
        await expect(report.dialog.getByRole('button', { name: /^(Cancel|Close)$/ })).toHaveCount(0);
      await page.keyboard.press('Escape');
      return;
    case 'pin.submit':
      await report.approveWithPin(pinFor(next));
      return;
    case 'xstate.done.actor.checkManagerPin':
    case 'xstate.error.actor.checkManagerPin':
      await screen.pinChecks.pass();
      return;
    case 'xstate.done.actor.submitAction':
      if ((event as unknown as { output: { queued?: unknown } }).output.queued) await screen.submits.drop();
      else await screen.submits.pass();
      return;
    case 'xstate.error.actor.submitAction':
      await screen.submits.refuse(409, REFUSAL);
      return;
    default:
      // xstate.after.doneCloseDelay: the dialog closes by itself; nothing to do but look.
      if (!event.type.startsWith('xstate.after.')) throw new Error(`No gesture for ${event.type}`);
  }
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  [SALE_STATUS.SALE]: 'Sale',
  [SALE_STATUS.VOID]: 'Voided',
};

/** What the screen shows in each state of the chart. */
async function seeState(screen: Screen, state: AnyMachineSnapshot): Promise<void> {
  const { report } = screen;
  const { dialog } = report;
  const value = state.value as string | { open: string };
  const context = state.context as {
    mode: string;
    sale: ManagedSale;
    error: { code: string } | null;
    approvedBy: { name: string } | null;
    form: unknown;
  };
  if (typeof value === 'string') {
    await expect(dialog).toBeHidden();
    const sale = context.sale;
    await report.seeDetailStatus(
      sale.status === SALE_STATUS.SALE && sale.hasRefund
        ? 'Partly refunded'
        : (STATUS_TEXT[sale.status] ?? ''),
    );
    return;
  }
  const step = value.open;
  const title = context.mode === ACTION_MODE.REFUND ? 'Refund' : 'Void';
  await expect(dialog.getByRole('heading', { name: `${title} · Ticket #${screen.ticket}` })).toBeVisible();
  switch (step) {
    case 'editing':
      await expect(dialog.getByText('Choose what goes back')).toBeVisible();
      await expect(report.refundLine(MANICURE).getByRole('checkbox')).toBeChecked({
        checked: context.form !== null,
      });
      return;
    case 'confirming':
      await expect(dialog.getByTestId('action-confirm-text')).toContainText(`ticket #${screen.ticket}`);
      await expect(dialog.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
      return;
    case 'authorising':
      await expect(report.pinField).toBeVisible();
      if (context.error?.code === 'sale_management.not_approver') {
        await report.seePinRefused('This PIN does not belong to a manager.');
      } else if (context.error) {
        await report.seePinRefused(/The PIN is not correct/);
      } else {
        await expect(dialog.getByTestId('action-error')).toHaveCount(0);
      }
      return;
    case 'checkingPin':
      await expect(dialog.getByText('Checking the PIN…')).toBeVisible();
      return;
    case 'submitting':
      await expect(dialog.getByText('Saving…')).toBeVisible();
      await expect(dialog).toContainText(`Approved by ${context.approvedBy?.name ?? ''}`);
      return;
    case 'done':
      await report.seeDone(context.mode === ACTION_MODE.REFUND ? 'Refund recorded.' : 'Sale voided.');
      return;
    case 'queued':
      await expect(dialog.getByTestId('action-queued')).toContainText(
        'Saved offline — it will be sent when the connection returns',
      );
      await expect(dialog.getByTestId('action-done')).toHaveCount(0);
      return;
    case 'failed':
      await report.seeFailed(REFUSAL);
      await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
      return;
    default:
      throw new Error(`No assertion for ${JSON.stringify(value)}`);
  }
}

// ---- the tests ----------------------------------------------------------------------------------------------

test.describe.configure({ mode: 'parallel' });

test('the paths cover every state of the refund/void flow', () => {
  console.info(formatCoverage(saleManagementMachine.id, coverage));
  expect(coverage.states.missing).toEqual([]);
  // Only the arrows that skip confirming or the PIN are missing: refund and void always have both.
  expect(coverage.transitions.missing).toEqual([
    'saleManagement.open.authorising: always [not(needsManagerPin)] → saleManagement.open.submitting',
    'saleManagement.open.confirming: always [not(needsConfirmation)] → saleManagement.open.authorising',
  ]);
});

// A path both explorations found (opening the same ticket again) is replayed once.
const paths = [...new Map(explorations.flatMap((e) => e.paths).map((p) => [titleOf(p), p])).values()];

for (const path of paths) {
  test(`replays ${titleOf(path)}`, async ({ page, manager, request }) => {
    expect(page).toBe(manager.tab);
    const till = await SalesApi.as(request);
    const sale = await till.completedSale('Anna Nguyen', [
      { name: MANICURE, quantity: 1 },
      { name: OIL, quantity: 1 },
    ]);
    const screen = await openScreen(manager, sale.ticket_no);
    let before: AnyMachineSnapshot = getInitialSnapshot(saleManagementMachine, INPUT);
    await seeState(screen, before);
    for (const [index, step] of path.steps.entries()) {
      const next = path.steps[index + 1]?.event;
      await test.step(`${label(step.event)} ⇒ ${JSON.stringify(step.state.value)}`, async () => {
        await perform(screen, step.event, next, !same(before, step.state));
        await seeState(screen, step.state);
      });
      before = step.state;
    }
  });
}
