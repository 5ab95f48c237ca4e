/**
 * The desk's walk-in charts with their real calls (docs/walk-in-screens.md#the-walk-in-queue), as the clock-in
 * screen's logic does it: the queue (machines/walk-in-queue), one walk-in's moves (machines/walk-in) and the
 * register form (machines/form-submit).
 *
 * - The queue is GET /api/pos/walk-in/group-by-employee with filter[status]=waiting,assigned,in_service (the
 *   API groups by technician), the technicians the assign dialog offers, and the services the register form
 *   offers (the sale screen's catalog read, lib/api/sale-api.ts).
 * - The technicians: the turn system's board first when the store's turn system answers (GET
 *   /api/pos/turn-system, docs/turns.md: its `next` is suggested, with the reason it gives); otherwise, or when
 *   this person may not read it, the technicians clocked in now in the order they clocked in (the checked-in
 *   list), said so on the dialog.
 * - A move sends the version the queue showed (a move on a stale view is refused: 409 walk_in_stale) and one
 *   Idempotency-Key per intent. Start answers the sale's turn and services.
 * - The live channel: the store's Server-Sent Events (src/contracts/live.ts), read with fetch because
 *   EventSource cannot send the session's token; every walk-in change reloads the queue, and a dropped stream
 *   is opened again after a pause (the queue's timer covers the gap).
 */
import { fromCallback, fromPromise } from 'xstate';
import { z } from 'zod';
import { formSubmitMachine } from '../../../../machines/form-submit/form-submit.machine';
import type { FormValues, SubmitFormInput } from '../../../../machines/form-submit/form-submit.types';
import type { FieldIssues } from '../../../../machines/resource/resource.types';
import { walkInQueueMachine } from '../../../../machines/walk-in-queue/walk-in-queue.machine';
import type {
  QueueGroup,
  QueueTechnician,
  QueueView,
  QueueWalkIn,
  WalkInQueueEvent,
} from '../../../../machines/walk-in-queue/walk-in-queue.types';
import { walkInMachine } from '../../../../machines/walk-in/walk-in.machine';
import type {
  OpenSaleParams,
  WalkInActInput,
  WalkInActOutput,
} from '../../../../machines/walk-in/walk-in.types';
import type { CheckedInEmployee } from '../../../contracts/employees';
import type { Page } from '../../../contracts/envelope';
import { LIVE_EVENT, LIVE_TOPIC, liveEventsPath } from '../../../contracts/live';
import {
  createWalkInBody,
  startedWalkInSchema,
  walkInGroupsSchema,
  walkInPath,
  walkInSchema,
  WALK_IN_PATHS,
} from '../../../contracts/walk-ins';
import type { StartedWalkIn, WalkIn, WalkInGroups } from '../../../contracts/walk-ins';
import { ITEM_TYPE } from '../../../domain/constants';
import { api } from '../../lib/api/api';
import { ApiError } from '../../lib/api/api-error';
import type { ApiClient } from '../../lib/api/client';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { getServiceProductSetting } from '../../lib/api/cache';
import { createSseParser } from '../../lib/live/sse-parser';
import { readAuthRecord, readToken } from '../../lib/storage';

/** The queue shows what is still open: waiting, assigned and in service. */
export const QUEUE_STATUSES = 'waiting,assigned,in_service';
/** A store's technicians on one page: the API's largest. */
const STAFF_PAGE = 100;
/** A dropped live stream is opened again after this pause. */
export const LIVE_RETRY_MS = 5_000;

function path(full: string): string {
  return full.replace(/^\/api/, '');
}

function toQueueWalkIn(walkIn: WalkIn): QueueWalkIn {
  return {
    id: walkIn.id,
    version: walkIn.version,
    customer_name: walkIn.customer_name,
    telephone: walkIn.telephone,
    stage: walkIn.status,
    requested_id: walkIn.user_id,
    requested_name: walkIn.employee?.name ?? null,
    technician_id: walkIn.technician?.id ?? null,
    technician_name: walkIn.technician?.name ?? null,
    services: walkIn.booking_appt_service.map((s) => ({ id: s.service_id, name: s.service_name })),
    notes: walkIn.notes,
    title: walkIn.title,
    checked_in_at: walkIn.checked_in_at,
  };
}

export function toQueueGroups(groups: WalkInGroups): QueueGroup[] {
  return groups.groups.map((group) => ({
    key: group.key,
    employee: group.employee,
    items: group.items.map(toQueueWalkIn),
  }));
}

/** The part of the turn system's board the desk reads (docs/turns.md; GET /api/pos/turn-system). */
const turnBoardView = z.object({
  technicians: z.array(
    z.object({
      technician_id: z.number().int(),
      name: z.string(),
      available: z.boolean(),
      position: z.number().int().nullable(),
      reasons: z.array(z.object({ code: z.string() }).passthrough()),
    }),
  ),
  next: z.object({ technician_id: z.number().int() }).nullable(),
});
export type TurnBoardView = z.infer<typeof turnBoardView>;

/**
 * The assign dialog's technicians from the turn system's board: those available, in the queue's order, the
 * board's `next` first and marked suggested with the first reason of its place.
 */
export function techniciansFromBoard(board: TurnBoardView): QueueTechnician[] {
  const available = board.technicians
    .filter((t) => t.available)
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER));
  const nextId = board.next?.technician_id ?? null;
  const ordered = [
    ...available.filter((t) => t.technician_id === nextId),
    ...available.filter((t) => t.technician_id !== nextId),
  ];
  return ordered.map((t) => ({
    id: t.technician_id,
    name: t.name,
    suggested: t.technician_id === nextId,
    reason: t.technician_id === nextId ? (t.reasons[0]?.code ?? null) : null,
  }));
}

/** Without the turn system: the technicians clocked in now and not on a break, first clocked in first. */
export function techniciansFromCheckedIn(checkedIn: readonly CheckedInEmployee[]): QueueTechnician[] {
  return [...checkedIn]
    .filter((e) => e.is_technician && e.enable_walkin && !e.on_break)
    .sort((a, b) => a.check_in_at.localeCompare(b.check_in_at) || a.name.localeCompare(b.name))
    .map((e) => ({ id: e.id, name: e.name, suggested: false, reason: null }));
}

async function readTurnBoard(client: ApiClient, signal?: AbortSignal): Promise<TurnBoardView | null> {
  try {
    const board = await client.get<unknown>('/pos/turn-system', {
      skipNotice: true,
      skipLoading: true,
      ...(signal ? { signal } : {}),
    });
    const parsed = turnBoardView.safeParse(board);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    // A store without the turn system's endpoint, or a person without the Turn System module: the checked-in
    // order is the fallback. A lost connection is the queue's own failure, said by its load.
    if (error instanceof ApiError && [403, 404, 405].includes(error.status)) return null;
    throw error;
  }
}

export async function loadQueue(client: ApiClient = api, signal?: AbortSignal): Promise<QueueView> {
  const storeId = readAuthRecord()?.store_id ?? null;
  const store = storeId ? { store_id: storeId } : {};
  const call = { skipNotice: true, skipLoading: true, ...(signal ? { signal } : {}) };
  const [groups, checkedIn, board, catalog] = await Promise.all([
    client.get(path(WALK_IN_PATHS.groupByEmployee), {
      ...call,
      query: { ...store, filter: { status: QUEUE_STATUSES } },
      schema: walkInGroupsSchema,
    }),
    client.get<Page<CheckedInEmployee>>('/pos/employees/checked-in', {
      ...call,
      query: { ...store, per_page: STAFF_PAGE },
    }),
    readTurnBoard(client, signal),
    getServiceProductSetting(client, store, { ...(signal ? { signal } : {}) }).catch(() => null),
  ]);
  const fromBoard = board ? techniciansFromBoard(board) : [];
  return {
    groups: toQueueGroups(groups),
    technicians: fromBoard.length > 0 ? fromBoard : techniciansFromCheckedIn(checkedIn.items),
    fromTurnSystem: fromBoard.length > 0,
    services:
      catalog?.categories.flatMap((category) =>
        category.type === 'service'
          ? category.services
              .filter((s) => s.item_type === ITEM_TYPE.SERVICE)
              .map((s) => ({ id: s.item_id, name: s.name }))
          : [],
      ) ?? [],
  };
}

const MOVE_PATH = {
  assign: 'assign',
  unassign: 'unassign',
  start: 'start',
  finish: 'finish',
  leave: 'leave',
  no_show: 'noShow',
} as const;

function answerOf(walkIn: WalkIn, started?: StartedWalkIn): WalkInActOutput {
  return {
    stage: walkIn.status,
    technicianId: walkIn.technician?.id ?? null,
    version: walkIn.version,
    turn: started ? started.turn : null,
    services: started ? started.services : [],
  };
}

/** One move of one walk-in (POST /api/pos/walk-in/:id/<move>), with the version the desk saw. */
export async function act(
  input: WalkInActInput,
  client: ApiClient = api,
  signal?: AbortSignal,
): Promise<WalkInActOutput> {
  const version = input.version !== null ? { version: input.version } : {};
  const technician = input.technicianId !== null ? { technician_id: input.technicianId } : {};
  const url = path(walkInPath(MOVE_PATH[input.action], input.id));
  const options = { idempotencyKey: newIdempotencyKey(), skipNotice: true, ...(signal ? { signal } : {}) };
  if (input.action === 'start') {
    const started = await client.post(
      url,
      { ...technician, ...version },
      { ...options, schema: startedWalkInSchema },
    );
    return answerOf(started.walk_in, started);
  }
  const body = input.action === 'assign' ? { ...technician, ...version } : version;
  const walkIn = await client.post(url, body, { ...options, schema: walkInSchema });
  return answerOf(walkIn);
}

/**
 * The register form's fields as typed, turned into the body of POST /api/pos/walk-in (the spec's form:
 * user_id, title, customer_name, customer_id, telephone, notes, effective_start, effective_end, point_balance,
 * booking_appt_service, customer_info). `services` holds the chosen service ids, comma separated; `register`
 * is '1' when the customer is registered as a new customer with the check-in.
 */
export function registerBody(values: FormValues): Record<string, unknown> {
  const ids = (values.services ?? '')
    .split(',')
    .map((s) => Number(s))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const local = (value: string | undefined) => (value ? new Date(value).toISOString() : '');
  const registering = values.register === '1';
  return {
    user_id: values.user_id ? Number(values.user_id) : '',
    title: values.title ?? '',
    customer_name: values.customer_name ?? '',
    telephone: values.telephone ?? '',
    notes: values.notes ?? '',
    effective_start: local(values.effective_start),
    effective_end: local(values.effective_end),
    booking_appt_service: ids.map((service_id) => ({ service_id })),
    ...(registering
      ? {
          customer_info: {
            first_name: values.first_name ?? '',
            last_name: values.last_name ?? '',
            email: values.email ?? '',
            birthday: values.birthday ?? '',
            telephone: values.telephone ?? '',
            action: 'register',
          },
        }
      : {}),
  };
}

/** The form's first check: the server's own schema; rejects with `{ fieldErrors }` by field, as the chart reads. */
export function validateRegister(values: FormValues): void {
  const parsed = createWalkInBody.safeParse(registerBody(values));
  if (parsed.success) return;
  const fieldErrors: FieldIssues = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_form';
    (fieldErrors[key] ??= []).push({ code: issue.code, message: issue.message });
  }
  throw { fieldErrors };
}

export function submitRegister(input: SubmitFormInput, client: ApiClient = api, signal?: AbortSignal) {
  return client.post(path(WALK_IN_PATHS.list), registerBody(input.values), {
    idempotencyKey: input.idempotencyKey,
    skipNotice: true,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Reads the store's live stream and calls `onChange` for every walk-in change (and for a snapshot after the
 * first, which says something may have been missed). Resolves when the stream ends; rejects on a failure.
 */
export async function readLiveStream(
  response: Response,
  onChange: () => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  const parser = createSseParser();
  let snapshots = 0;
  while (!signal.aborted) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const frame of parser.push(value).frames) {
      if (frame.event === LIVE_EVENT.SNAPSHOT && ++snapshots > 1) onChange();
      if (frame.event === LIVE_EVENT.CHANGE && isQueueChange(frame.data)) onChange();
    }
  }
}

/** A change the queue shows: a walk-in, or the technicians (clock, breaks, turns) the assign dialog offers. */
export function isQueueChange(data: string): boolean {
  try {
    const topic = (JSON.parse(data) as { topic?: unknown }).topic;
    return topic === LIVE_TOPIC.WALK_INS || topic === LIVE_TOPIC.EMPLOYEES || topic === LIVE_TOPIC.TURNS;
  } catch {
    return false;
  }
}

/** The queue chart's live channel: a stream kept open while the chart runs, reopened after a pause. */
export const watchLive = fromCallback<WalkInQueueEvent>(({ sendBack }) => {
  const controller = new AbortController();
  const storeId = readAuthRecord()?.store_id;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = async (): Promise<void> => {
    if (!storeId || controller.signal.aborted) return;
    try {
      const token = readToken();
      const response = await fetch(liveEventsPath(storeId), {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: controller.signal,
      });
      if (response.ok)
        await readLiveStream(response, () => sendBack({ type: 'live.changed' }), controller.signal);
    } catch {
      // A dropped stream: opened again below; the queue's timer keeps it fresh meanwhile.
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void open(), LIVE_RETRY_MS);
  };
  void open();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
  };
});

export function queueLogic() {
  return walkInQueueMachine.provide({
    actors: {
      loadQueue: fromPromise(({ signal }) => loadQueue(api, signal)),
      watchLive,
    },
  });
}

/** One walk-in's chart: the queue reloads after every move, and a start opens the sale with its turn. */
export function walkInLogic(effects: { changed: () => void; openSale: (params: OpenSaleParams) => void }) {
  return walkInMachine.provide({
    actors: {
      act: fromPromise(({ input, signal }: { input: WalkInActInput; signal: AbortSignal }) =>
        act(input, api, signal),
      ),
    },
    actions: {
      announceChanged: () => effects.changed(),
      openSale: (_, params: OpenSaleParams) => effects.openSale(params),
    },
  });
}

export function registerLogic(changed: () => void) {
  return formSubmitMachine.provide({
    actors: {
      validate: fromPromise(({ input }: { input: { values: FormValues } }) => {
        validateRegister(input.values);
        return Promise.resolve();
      }),
      submit: fromPromise(({ input, signal }: { input: SubmitFormInput; signal: AbortSignal }) =>
        submitRegister(input, api, signal),
      ),
    },
    actions: { announceDone: () => changed() },
  });
}
