import type { SnapshotFrom } from 'xstate';
import type { DrawerSession, ExpectedCashView } from '../../src/contracts/cash-drawer';
import { countTotal } from '../../src/domain/cash-drawer';
import type { DenominationCount } from '../../src/domain/cash-drawer';
import type { ResourceError } from '../resource/resource.types';
import type { CashDrawerMachine } from './cash-drawer.machine';
import type { CashDrawerContext, ManagerNeeded } from './cash-drawer.types';

type Snapshot = SnapshotFrom<CashDrawerMachine>;

export type CashDrawerStatus =
  | 'loading'
  | 'failed'
  | 'offline'
  | 'closed'
  | 'opening'
  | 'open'
  | 'counting'
  | 'closing'
  | 'managerPin'
  | 'approving'
  | 'result'
  | 'closedOffline';

/** The top state: the screen picks its panel by it. */
export const selectStatus = (s: Snapshot): CashDrawerStatus =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as CashDrawerStatus;

export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');

export const selectCount = (s: Snapshot): DenominationCount => s.context.count;
export const selectCountTotal = (s: Snapshot): number => countTotal(s.context.count);

/** The float the opener should find: the last close's count (null before the first close). */
export const selectExpectedOpening = (s: Snapshot): number | null =>
  s.context.state?.expected_opening ?? null;

export const selectSession = (s: Snapshot): DrawerSession | null => s.context.state?.session ?? null;

/**
 * The expected cash, only while the drawer is open and not being counted: the count is blind
 * (docs/cash-drawer.md#a-session), so counting, closing and the manager's PIN never see it.
 */
export const selectExpected = (s: Snapshot): ExpectedCashView | null =>
  s.matches('open') ? (s.context.state?.session?.expected ?? null) : null;

/** The closed session with its over/short (the Z report), once a close is answered. */
export const selectClosed = (s: Snapshot): DrawerSession | null =>
  s.matches('result') ? s.context.closed : null;

export const selectManagerNeeded = (s: Snapshot): ManagerNeeded | null =>
  s.matches('managerPin') || s.matches('approving') ? s.context.managerNeeded : null;

export const selectError = (s: Snapshot): ResourceError | null => s.context.error;
export const selectFailure = (s: Snapshot): ResourceError | null => s.context.failure;
export const selectSavedOffline = (s: Snapshot): CashDrawerContext['savedOffline'] => s.context.savedOffline;
export const selectTolerance = (s: Snapshot): number => s.context.state?.tolerance ?? 0;

export const selectCanSubmitCount = (s: Snapshot): boolean =>
  s.can({ type: 'open.submit' }) || s.can({ type: 'close.submit' });
