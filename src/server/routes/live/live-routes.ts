/**
 * The store's live channel (docs/live.md; ADR 017; src/contracts/live.ts): the SSE stream the TV and the
 * desk follow, and the TV board as JSON for a first paint.
 *
 * Access: a session with the Walkin module, of the store it names (requireStore: another store, of this
 * tenant or another, is 403 before anything is streamed). The kiosk's stream is /api/kiosk/events
 * (src/server/routes/kiosk), authorised by its token.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIVE_PATHS, liveEventsQuery, liveStoreParams, tvBoardSchema } from '../../../contracts/live';
import { MODULE } from '../../../domain/constants';
import { requireAuth, requireStore } from '../../auth-context';
import type { SessionAccess } from '../../auth/access';
import { lastEventIdOf, openStoreStream, SSE_HEADERS } from '../../live/live-plugin';
import { rawResponse, route } from '../../route';
import { tvBoard } from '../../services/tv-board';

const TAGS = ['live'];
const LIVE_READ: SessionAccess = { module: MODULE.WALKIN };

export function registerLiveRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: LIVE_PATHS.events,
    summary: "The store's live events (text/event-stream): snapshot, then one change per committed change",
    description:
      'Event ids are the store sequence numbers; send Last-Event-ID (or last_event_id) when reconnecting: ' +
      'resumed if nothing changed since, else a fresh snapshot. ?view=tv adds the TV board. ' +
      'A comment every 15 s keeps the stream alive.',
    tags: TAGS,
    access: LIVE_READ,
    params: liveStoreParams,
    querystring: liveEventsQuery,
    // The stream is text/event-stream, not the envelope (as CSV exports declare theirs).
    data: z.string(),
    handler: async ({ params, query, request }) => {
      const auth = requireAuth(request);
      const storeId = requireStore(auth, params.storeId);
      const stream = await openStoreStream(request.server, request, {
        tenantId: auth.tenantId,
        storeId,
        view: query.view,
        lastEventId: lastEventIdOf(request, query.last_event_id),
      });
      return rawResponse('text/event-stream; charset=utf-8', stream, SSE_HEADERS);
    },
  });

  route(app, {
    method: 'GET',
    url: LIVE_PATHS.tvBoard,
    summary: 'The walk-in TV board now: waiting customers, who is next for whom, technicians on shift',
    tags: TAGS,
    access: LIVE_READ,
    params: liveStoreParams,
    data: tvBoardSchema,
    handler: async ({ params, request }) => {
      const auth = requireAuth(request);
      const storeId = requireStore(auth, params.storeId);
      return tvBoard(request.server.db, auth.tenantId, storeId);
    },
  });
}
