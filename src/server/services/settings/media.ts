/**
 * GET /api/media?path= (docs/settings.md "Media"): an uploaded file of the caller's tenant. Stored paths are
 * `<kind>/<tenant id>/<file>` under the media root (services/auth.ts writes avatars so). Refused as 404, the
 * same answer as a file that does not exist, so a caller learns nothing of other tenants' files: any other
 * shape (`..`, absolute, backslash, NUL, encoded separators), another tenant's folder, a symbolic link on the
 * way, a file that is not one of the image types we store. The content type is the one
 * the file's bytes prove, never the name's.
 */
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { AuthContext } from '../../auth-context';
import { notFound } from '../../errors';
import { imageExtension } from '../auth';

export const MEDIA_NOT_FOUND_MESSAGE = 'File not found.';
/** The biggest file an upload may be (app.ts MULTIPART_LIMITS.fileSize). */
const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The path's segments when it has the stored shape and lies in the caller's tenant; otherwise null. */
export function tenantMediaSegments(requested: string, tenantId: number): string[] | null {
  const segments = requested.split('/');
  if (segments.length !== 3) return null;
  if (!segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))) return null;
  if (segments[1] !== String(tenantId)) return null;
  return segments;
}

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

export async function readMedia(mediaDir: string, auth: AuthContext, requested: string): Promise<MediaFile> {
  const segments = tenantMediaSegments(requested, auth.tenantId);
  if (!segments) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
  const root = await realpath(mediaDir).catch(() => null);
  const real = await realpath(path.join(mediaDir, ...segments)).catch(() => null);
  // A link anywhere on the way (even to another file of the root) makes the real path differ: refused.
  if (!root || !real || real !== path.join(root, ...segments)) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
  const handle = await open(real, 'r').catch(() => null);
  if (!handle) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_MEDIA_BYTES) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    const bytes = await handle.readFile();
    const type = CONTENT_TYPES[imageExtension(bytes) ?? ''];
    if (!type) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    return { contentType: type, bytes };
  } finally {
    await handle.close();
  }
}
