/** View facts of the "no sale" chart. */
import type { SnapshotFrom } from 'xstate';
import type { noSaleMachine } from './no-sale.machine';

type NoSaleSnapshot = SnapshotFrom<typeof noSaleMachine>;

export type NoSaleStatus =
  'editing' | 'checkingPin' | 'recording' | 'opening' | 'drawerFailed' | 'opened' | 'cancelled';

export function selectNoSaleStatus(snapshot: NoSaleSnapshot): NoSaleStatus {
  for (const status of [
    'checkingPin',
    'recording',
    'opening',
    'drawerFailed',
    'opened',
    'cancelled',
  ] as const)
    if (snapshot.matches(status)) return status;
  return 'editing';
}
export const selectNoSaleBusy = (snapshot: NoSaleSnapshot) => snapshot.hasTag('busy');
export const selectNoSaleError = (snapshot: NoSaleSnapshot) => snapshot.context.error;
