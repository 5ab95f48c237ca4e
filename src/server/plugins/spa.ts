/**
 * The built client (dist/client) at /, with the SPA fallback: a GET that is not under /api and accepts
 * HTML gets index.html, so a reload on /pos/sale or a bookmarked /reports works. Everything else that
 * matches nothing is a 404 envelope (src/server/app.ts).
 *
 * Caching: index.html and the service worker must be revalidated on every load (a stale index.html would
 * point at assets the new build removed); Vite's hashed files under /assets/ never change, so they are
 * cached for a year.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function hasClientBuild(clientDir: string | null): clientDir is string {
  return clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
}

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // vite.config.ts precompress() writes .br/.gz beside each text file; they are sent as they are, so no
    // request pays for compression (Lighthouse on /pos/sales: 78 → 98 with them, bench/lighthouse.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // With preCompressed the path is the .br/.gz copy: index.html.br must stay no-cache.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) {
        reply.header('cache-control', 'no-cache');
      } else {
        reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });
}

/** true when the request is a page navigation the SPA should answer. */
export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function sendSpaPage(reply: FastifyReply) {
  return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
}
