/**
 * The OpenAPI document, generated from the routes' zod schemas (jsonSchemaTransform) and served as JSON at
 * GET /api/docs. Schemas registered in zod's global registry with an id become components.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PATH = '/api/docs';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Salon POS API',
        version: '0.1.0',
        description:
          'Every response is the envelope { success, data, message } (errors: data null, plus errors on 422). ' +
          'Writes accept an Idempotency-Key header (1-255 characters); sales and payments require one.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(DOCS_PATH, { schema: { hide: true } }, async () => app.swagger());
}
