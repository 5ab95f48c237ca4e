/** Rows, pages and answers of a made-up resource, for the resource chart's tests. */
import type { BulkResult, ImportResult } from '../../src/contracts/resource';
import type { ParsedFile, ResourcePage, ResourceRow } from './resource.types';

export function aRow(id: number): ResourceRow {
  return { id, name: `Unit ${id}`, active: true };
}

export function aPage(ids: number[], total = ids.length, page = 1): ResourcePage {
  return { items: ids.map(aRow), total, page, per_page: 15 };
}

export const bulkPartly: BulkResult = {
  action: 'delete',
  results: [
    { id: 1, ok: true },
    { id: 2, ok: false, code: 'in_use', message: 'Unit is used by 3 services.' },
  ],
  succeeded: 1,
  failed: 1,
};

export const parsedClean: ParsedFile = {
  columns: ['name'],
  sample: [{ name: 'Box' }],
  totalRows: 2,
  errors: [],
};

export const parsedBroken: ParsedFile = {
  columns: ['nom'],
  sample: [{ nom: 'Box' }],
  totalRows: 2,
  errors: [{ row: 1, column: 'name', code: 'missing_column', message: 'The column name is missing.' }],
};

export const dryRunClean: ImportResult = {
  mode: 'dry_run',
  total_rows: 2,
  valid_rows: 2,
  error_rows: 0,
  imported: 0,
  errors: [],
};

export const committed: ImportResult = { ...dryRunClean, mode: 'commit', imported: 2 };

export const commitRefused: ImportResult = {
  mode: 'commit',
  total_rows: 2,
  valid_rows: 1,
  error_rows: 1,
  imported: 0,
  errors: [{ row: 2, column: 'name', code: 'duplicate', message: 'A unit with this name exists.' }],
};

export const offline = { status: 0, kind: 'network', message: 'Unable to connect to server.' };
export const serverDown = { status: 500, kind: 'http', code: 'internal_error', message: 'Server error.' };
export const duplicate = {
  status: 409,
  kind: 'http',
  code: 'duplicate',
  message: 'A unit with this name exists.',
  errors: { name: ['A unit with this name exists.'] },
};
export const inUse = {
  status: 409,
  kind: 'http',
  code: 'in_use',
  message: 'Unit is used by 3 services.',
  details: { in_use: { resource: 'services', count: 3 } },
};
export const invalidName = {
  fieldErrors: { name: [{ code: 'too_small', message: 'Too short', params: { minimum: 1 } }] },
};
