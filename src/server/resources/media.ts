/**
 * Pictures uploaded with a resource's multipart create or update (a category's image): checked by their
 * first bytes, written under the media directory as <folder>/<tenant>/<random>.<ext>, and referred to by that
 * relative path. The file is written before the row points at it, so a row never names a missing file; a
 * write rolled back afterwards leaves an unreferenced file behind, which is harmless (docs/back-office.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unprocessable } from '../errors';
import { imageExtension } from '../services/auth';

export const IMAGE_TYPE_MESSAGE = 'The image must be a PNG, JPEG, GIF or WebP picture.';

export async function saveImage(
  mediaDir: string,
  folder: string,
  tenantId: number,
  bytes: Uint8Array,
  field: string,
): Promise<string> {
  const ext = imageExtension(bytes);
  if (!ext) throw unprocessable(IMAGE_TYPE_MESSAGE, { [field]: [IMAGE_TYPE_MESSAGE] });
  const relative = path.posix.join(folder, String(tenantId), `${randomBytes(12).toString('hex')}.${ext}`);
  const absolute = path.join(mediaDir, ...relative.split('/'));
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, bytes, { mode: 0o644 });
  return relative;
}
