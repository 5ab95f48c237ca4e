/**
 * The PIN approval of this session (ADR 006: POST /api/role-by-code answers with an approval valid 5 minutes,
 * bound to the session, sent as X-Pin-Approval to the routes that need a PIN). Kept in memory only: it dies
 * with the tab and with the session (logout and a 401 clear it), and is never written to storage, which
 * outlives both.
 *
 * An external store for useSyncExternalStore: the PIN gate re-renders when an approval arrives and again when
 * it expires (a timer fires at approval_expires_at), so a report left open does not keep sending a dead one.
 *
 *   const approval = useSyncExternalStore(pinApprovals.subscribe, pinApprovals.getSnapshot);
 *   api.get('/report/daily', { pinApproval: approval?.approval });
 */
export interface HeldApproval {
  role: string;
  name: string;
  user_id: number;
  approval: string;
  approval_expires_at: string;
}

type Listener = () => void;

export interface PinApprovalStore {
  subscribe: (listener: Listener) => () => void;
  /** The approval while it is valid, else null. */
  getSnapshot: () => HeldApproval | null;
  set: (approval: HeldApproval) => void;
  clear: () => void;
}

export function createPinApprovalStore(now: () => number = Date.now): PinApprovalStore {
  let held: HeldApproval | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<Listener>();
  const emit = (): void => listeners.forEach((listener) => listener());
  const stopTimer = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const clear = (): void => {
    stopTimer();
    if (held === null) return;
    held = null;
    emit();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      if (held && Date.parse(held.approval_expires_at) <= now()) return null;
      return held;
    },
    set(approval) {
      stopTimer();
      held = approval;
      const ms = Date.parse(approval.approval_expires_at) - now();
      if (Number.isFinite(ms)) timer = setTimeout(clear, Math.max(0, ms));
      emit();
    },
    clear,
  };
}

/** The app's one store: set by the PIN pad's approval, cleared with the session. */
export const pinApprovals = createPinApprovalStore();
