import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

let dir: string;
let app: FastifyInstance;
const JS = 'export const answer = 42;'.repeat(40);
const HTML = '<!doctype html><title>Salon POS</title>'.repeat(10);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spa-test-'));
  await mkdir(path.join(dir, 'assets'));
  for (const [name, body] of [
    ['index.html', HTML],
    ['assets/app-abc123.js', JS],
  ] as const) {
    await writeFile(path.join(dir, name), body);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  app = Fastify();
  await registerSpa(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('sends the precompressed brotli copy of a hashed asset, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(JS.length);
  });

  it('sends gzip to a client without brotli and the plain file to one without either', async () => {
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('keeps index.html revalidated on every load even when its compressed copy is sent', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
