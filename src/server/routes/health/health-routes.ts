/** GET /api/health: the app answers and the database answers (monitoring, the client's online check). */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { route } from '../../route';

export const healthSchema = z.object({ db: z.literal('ok') });

export function registerHealthRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/health',
    // Monitoring and the client's online check call it without a session.
    access: { public: true },
    summary: 'Liveness of the API and its database',
    tags: ['system'],
    data: healthSchema,
    handler: async ({ db }) => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new HttpError(503, 'The database is not available.', undefined, ERROR_CODE.SERVICE_UNAVAILABLE);
      }
      return { db: 'ok' as const };
    },
  });
}
