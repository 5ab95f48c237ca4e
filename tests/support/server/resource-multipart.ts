/**
 * Request bodies for the resource factory's multipart routes (import, multipart create/update): a
 * multipart/form-data payload for app.inject, and a CSV file from rows.
 */
import { randomBytes } from 'node:crypto';

export interface MultipartFilePart {
  field: string;
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

export function multipart(
  fields: Record<string, string>,
  ...files: MultipartFilePart[]
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----resource${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function cell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: the columns as header, then each row's values by column (missing = blank). */
export function csvFile(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return [columns, ...rows.map((row) => columns.map((c) => row[c]))]
    .map((values) => values.map(cell).join(','))
    .join('\r\n');
}
