/**
 * Uploads that must not sit in memory (a 50,000-row CSV import): a route declared with
 * `config: { spoolUploads: true }` gets each file of its multipart body written to a temporary file while
 * it arrives, and `request.body.<field>` is a SpooledFile (path, size, sha256) instead of a Buffer. Other
 * multipart routes keep getting Buffers (app.ts attaches fields to the body). The temporary files are
 * removed when the response ends (docs/back-office.md, "Import").
 *
 * The idempotency fingerprint reads the body's own enumerable fields, so a SpooledFile shows its name, size
 * and sha256 but keeps its path private: the same file sent twice with one Idempotency-Key is the same
 * request, whichever temporary file it landed in.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Write this route's uploaded files to temporary files (SpooledFile) instead of memory. */
    spoolUploads?: boolean;
  }
}

export class SpooledFile {
  readonly #path: string;

  constructor(
    filePath: string,
    readonly filename: string,
    readonly size: number,
    readonly sha256: string,
  ) {
    this.#path = filePath;
  }

  get path(): string {
    return this.#path;
  }
}

const SPOOL_DIRS = Symbol('spoolDirs');
type WithSpool = FastifyRequest & { [SPOOL_DIRS]?: string[] };

export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than this upload allows.';

/** The multipart plugin's onFile: spool for routes that ask for it, buffer for every other route. */
export async function onMultipartFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  if (this.routeOptions.config.spoolUploads !== true) {
    await part.toBuffer();
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'salon-upload-'));
  const request = this as WithSpool;
  (request[SPOOL_DIRS] ??= []).push(dir);
  const filePath = path.join(dir, 'upload');
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    part.file,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(filePath, { mode: 0o600 }),
  );
  if (part.file.truncated) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
  part.value = new SpooledFile(filePath, part.filename, size, hash.digest('hex'));
}

/** Removes a request's temporary files when its response ends (or the client goes away). */
export function registerUploadSpool(app: FastifyInstance): void {
  const clean = async (request: FastifyRequest) => {
    const dirs = (request as WithSpool)[SPOOL_DIRS];
    if (!dirs) return;
    (request as WithSpool)[SPOOL_DIRS] = [];
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  app.addHook('onResponse', clean);
  app.addHook('onRequestAbort', clean);
}
