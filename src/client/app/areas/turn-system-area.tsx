/**
 * The turn screens in their own chunk (docs/turns.md "On the server and the screens"): the board
 * (/pos/turn-system) and the order a manager changes (/pos/turn-re-order). Both need only the Turn system
 * module, as their routes do (app/routes.ts); a manager's move or bonus asks the manager's PIN on the screen.
 */
import { TurnReorderScreen } from '../../features/turn-system/turn-reorder-screen';
import { TurnSystemScreen } from '../../features/turn-system/turn-system-screen';

export function TurnSystemArea() {
  return <TurnSystemScreen />;
}

export function TurnReorderArea() {
  return <TurnReorderScreen />;
}
