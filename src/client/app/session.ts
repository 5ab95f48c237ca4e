/**
 * The session facts the shell reads (route access, menu, home, header), one selector each from the auth
 * machine (machines/auth/auth.selectors.ts) through the auth provider (auth.tsx).
 */
import { useMemo } from 'react';
import {
  selectGeneralSettings,
  selectIsAuthenticated,
  selectIsResuming,
  selectModules,
  selectRole,
} from '../../../machines/auth/auth.selectors';
import { readableModules } from '../../domain/permissions';
import type { SessionFacts } from './access';
import { useAuthSelector } from '../lib/actors/auth-actor';
import { usePinApproved } from './pin-gate';

const NO_SCREENS: readonly string[] = [];

export function useSessionFacts(): SessionFacts {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const resuming = useAuthSelector(selectIsResuming);
  const role = useAuthSelector(selectRole);
  const permissions = useAuthSelector(selectModules);
  const general = useAuthSelector(selectGeneralSettings);
  const pinApproved = usePinApproved();
  const modules = useMemo(() => readableModules(permissions), [permissions]);
  const pinScreens = general?.enterPinCodeScreens ?? NO_SCREENS;
  return useMemo(
    () => ({ authenticated, resuming, role, modules, pinApproved, pinScreens }),
    [authenticated, resuming, role, modules, pinApproved, pinScreens],
  );
}
