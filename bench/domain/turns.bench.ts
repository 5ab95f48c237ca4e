/**
 * How long the turn board takes to answer on a long, busy day (the front desk asks on every walk-in and the
 * board redraws on every ledger event): nextTechnician plus the full explainQueue for 50 technicians after 500
 * turns, against sorting 50 plain objects by the same keys in the same run
 * (docs/architecture.md#how-the-work-is-judged: benchmarks print a ratio to a reference measured alongside).
 * Target: under 1 ms per call. Also prints a full replay of the day's ledger (what a server or a reconnecting
 * client does), for scale.
 *
 *   npm run bench:turns
 */
import { foldTurnDay } from '../../src/domain/turns/turn-day';
import { explainQueue, nextTechnician } from '../../src/domain/turns/turn-queue';
import { DEFAULT_TURN_SETTINGS } from '../../src/domain/turns/turn-value';
import { makeBusyDay, minute } from '../../tests/support/domain/turns';
import { measure } from '../support/micro-bench';

const TECHNICIANS = 50;
const TURNS = 500;

const { events, state } = makeBusyDay(TECHNICIANS, TURNS);
const at = minute(TECHNICIANS + TURNS + 30);
const service = { id: 'acrylic' };
const turnsTaken = events.filter((e) => e.type === 'take_turn').length;

/** The reference: the board's rows as plain objects, copied and sorted by turns, queue time and id. */
const plainRows = Object.values(state.technicians).map((t) => ({
  id: t.id,
  turns: t.countedTurns,
  since: t.queuedSinceMs,
}));
function sortPlain(): number {
  const rows = plainRows
    .slice()
    .sort((a, b) => a.turns - b.turns || a.since - b.since || (a.id < b.id ? -1 : 1));
  return rows.length;
}

const engineRun = measure(() => {
  const next = nextTechnician(state, service, at);
  const board = explainQueue(state, at, service);
  return board.places.length + (next ? 1 : 0);
}, 20);
const plainRun = measure(sortPlain, 200);
const replayRun = measure(() => foldTurnDay(events, DEFAULT_TURN_SETTINGS, minute(30)).queue.length, 1);

const next = nextTechnician(state, service, at);
console.log(
  `day: ${TECHNICIANS} technicians, ${turnsTaken} turns (${events.length} ledger events), next for "${service.id}": ${next?.technicianId ?? 'nobody'}`,
);
console.log(`nextTechnician + explainQueue: median ${engineRun.ms.toFixed(4)} ms per call`);
console.log(`sort 50 plain objects (ref):   median ${plainRun.ms.toFixed(4)} ms per call`);
console.log(`ratio engine/sort: ${(engineRun.ms / plainRun.ms).toFixed(2)}`);
console.log(`target < 1 ms: ${engineRun.ms < 1 ? 'met' : 'NOT met'}`);
console.log(
  `replay of the day's ledger (foldTurnDay, ${events.length} events): median ${replayRun.ms.toFixed(3)} ms (ratio to the sort ${(replayRun.ms / plainRun.ms).toFixed(0)})`,
);
// Keeps the engine from discarding the measured work.
if (engineRun.sink === plainRun.sink && engineRun.sink === -1) console.log('');
