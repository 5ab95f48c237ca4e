/**
 * API tests generated from a back-office resource's config (docs/back-office.md, "Tests"): one call per
 * resource gives it the same proof as every other resource, against a real database through app.inject:
 *
 *   describeResourceApi({ config: UNIT_RESOURCE, sample: (n) => ({ name: `Bottle ${n}` }), ... });
 *
 * - permissions: module off → 403 on reads and writes; module read-only → reads 200, every write 403; a role
 *   the config does not list → 403;
 * - tenant isolation: another tenant's id → 404 on get, update and delete, never listed, `not_found` in a
 *   bulk, and the row unchanged;
 * - validation: a bad body → 422 `validation_failed` naming the field; unknown sort / filter → 422 naming
 *   `sort` / `filter.<x>`; a taken unique value → 409 `duplicate` naming the field;
 * - create, get, update, list (paging, search, filter), delete, each write with an audit row;
 * - bulk disable / enable / delete with each row's result; delete of a row in use → 409 `in_use`;
 * - import: a file with one bad row imports nothing (dry run and commit) and lists the row; a clean file
 *   commits every row; a key twice in one file fails the second;
 * - export: CSV with the header, formulas neutralised;
 * - an Idempotency-Key replays the first answer and writes once.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../../src/contracts/envelope';
import { ERROR_CODE } from '../../../src/contracts/error-codes';
import type { BulkResult, ImportResult } from '../../../src/contracts/resource';
import { PERMISSION_TEMPLATE_ALL_ON, ROLE } from '../../../src/domain/constants';
import type { ModulePermission, Role } from '../../../src/domain/constants';
import { withModule } from '../../../src/domain/permissions';
import { buildApp } from '../../../src/server/app';
import { createTenantWithUsers } from './tenant-fixture';
import type { TenantFixture } from './tenant-fixture';
import type { Db } from '../../../src/server/db/client';
import { auditLog } from '../../../src/server/db/schema/audit-log';
import type { ResourceConfig, ResourceTable } from '../../../src/server/resources/resource-config';
import { createTestDatabase } from '../test-db';
import type { TestDatabase } from '../test-db';
import { csvFile, multipart } from './resource-multipart';

/** What the suite reads of a resource's config (any config has these, whatever its table and schemas). */
type SuiteConfig = Pick<
  ResourceConfig<ResourceTable, z.ZodType, z.ZodType, z.ZodType>,
  'name' | 'module' | 'roles' | 'updateMethod' | 'unique' | 'importColumns' | 'active' | 'exportRoute'
>;

export interface ResourceSuiteOptions {
  config: SuiteConfig;
  /** A valid create body whose unique values depend on `n` (JSON; strings are fine, forms send strings). */
  sample: (n: number) => Record<string, unknown>;
  /** A valid update body. */
  update: Record<string, unknown>;
  /** A create body the schema refuses, and the field the 422 must name. */
  invalid: { body: Record<string, unknown>; field: string };
  /** A text field that ends up in the export, to carry a formula. */
  textField: string;
  /** The field the list search matches. */
  searchField: string;
  /** Makes the row `id` of tenant `f` in use (so its delete is refused); absent = nothing uses this resource. */
  makeInUse?: (db: Db, f: TenantFixture, id: number) => Promise<void>;
  /** A filter the list accepts and a value matching active rows (e.g. ['is_active', 'true']). */
  filter?: [string, string];
}

interface ResourceRow {
  id: number;
  [field: string]: unknown;
}

/** Whoever the config lets in: the first listed role. */
function allowedRole(config: SuiteConfig): Role {
  return config.roles?.[0] ?? ROLE.OWNER;
}

export function describeResourceApi(options: ResourceSuiteOptions): void {
  const { config } = options;
  const base = `/api/${config.name}`;
  const role = allowedRole(config);
  const updateMethod = config.updateMethod ?? 'POST';
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let a: TenantFixture;
  let b: TenantFixture;
  let off: TenantFixture;
  let readOnly: TenantFixture;
  let counter = 0;
  const next = () => (counter += 1);

  const everyRole = (perms: readonly ModulePermission[]) =>
    Object.fromEntries([ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF].map((r) => [r, perms]));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await buildApp({ db: testDb.db, config: { clientDir: null } });
    await app.ready();
    [a, b, off, readOnly] = await Promise.all([
      // Staff gets every module too, so a 403 for staff is the role list's doing.
      createTenantWithUsers(testDb.db, { permissions: everyRole(PERMISSION_TEMPLATE_ALL_ON) }),
      createTenantWithUsers(testDb.db),
      createTenantWithUsers(testDb.db, {
        permissions: everyRole(withModule(PERMISSION_TEMPLATE_ALL_ON, config.module, { enable: false })),
      }),
      createTenantWithUsers(testDb.db, {
        permissions: everyRole(withModule(PERMISSION_TEMPLATE_ALL_ON, config.module, { is_writable: false })),
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  function call(f: TenantFixture, options: InjectOptions & { as?: Role; key?: string }) {
    const { as, key, headers, ...rest } = options;
    return app.inject({
      ...rest,
      headers: {
        ...f.headers(as ?? role),
        ...(rest.method !== 'GET' ? { [IDEMPOTENCY_KEY_HEADER]: key ?? randomUUID() } : {}),
        ...headers,
      },
    });
  }

  async function create(f: TenantFixture, body = options.sample(next())): Promise<ResourceRow> {
    const response = await call(f, { method: 'POST', url: base, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as ResourceRow;
  }

  /**
   * The export of the list with `query`: GET text/csv, or, where the config's exportRoute says so, POST
   * answering the envelope with the file in base64 (gift cards); the CSV text either way.
   */
  async function exportCsv(f: TenantFixture, query: string): Promise<{ statusCode: number; csv: string }> {
    const exportRoute = config.exportRoute ?? { method: 'GET' };
    const response = await call(f, { method: exportRoute.method, url: `${base}/export?${query}` });
    if (exportRoute.method === 'GET') {
      expect(response.headers['content-type']).toContain('text/csv');
      return { statusCode: response.statusCode, csv: response.body };
    }
    expect(response.headers['content-type']).toContain('application/json');
    const data = response.json().data as { filename: string; contents: string };
    expect(data.filename).toBe(exportRoute.filename);
    return { statusCode: response.statusCode, csv: Buffer.from(data.contents, 'base64').toString('utf8') };
  }

  async function importCsv(f: TenantFixture, mode: string, rows: Record<string, unknown>[]) {
    return importFile(f, mode, csvFile(config.importColumns ?? [], rows));
  }

  /** POST {base}/import with `content` as the file; `cutBytes` drops the body's last bytes (a request cut short). */
  async function importFile(f: TenantFixture, mode: string, content: string, cutBytes = 0) {
    const form = multipart({ mode }, { field: 'file', filename: 'rows.csv', content });
    const payload = form.payload.subarray(0, form.payload.length - cutBytes);
    return call(f, { method: 'POST', url: `${base}/import`, payload, headers: form.headers });
  }

  async function importAudits(f: TenantFixture, action: string) {
    return testDb.db
      .select({ entityId: auditLog.entityId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, f.tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id));
  }

  async function auditActions(f: TenantFixture, id: number): Promise<string[]> {
    const rows = await testDb.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tenantId, f.tenantId),
          eq(auditLog.entityType, config.name),
          eq(auditLog.entityId, String(id)),
        ),
      )
      .orderBy(auditLog.id);
    return rows.map((r) => r.action);
  }

  describe(`${base} (resource factory)`, () => {
    describe('permissions', () => {
      it('a session whose module is off gets 403 on reads and writes', async () => {
        for (const request of [
          { method: 'GET', url: base },
          { method: 'GET', url: `${base}/1` },
          { method: 'POST', url: base, payload: options.sample(next()) },
        ] as const) {
          const response = await call(off, request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
          expect(response.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
        }
      });

      it('a read-only session reads, and every write is 403', async () => {
        expect((await call(readOnly, { method: 'GET', url: base })).statusCode).toBe(200);
        const writes: InjectOptions[] = [
          { method: 'POST', url: base, payload: options.sample(next()) },
          { method: updateMethod, url: `${base}/1`, payload: options.update },
          { method: 'DELETE', url: `${base}/1` },
          { method: 'POST', url: `${base}/bulk`, payload: { action: 'delete', ids: [1] } },
        ];
        if (config.importColumns) writes.push({ method: 'POST', url: `${base}/import`, payload: {} });
        for (const request of writes) {
          const response = await call(readOnly, request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
          expect(response.json().code).toBe(ERROR_CODE.FORBIDDEN);
        }
      });

      it.skipIf(!config.roles)('a role the resource does not list gets 403', async () => {
        const outsider = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF].find(
          (r) => !config.roles!.includes(r),
        )!;
        const response = await call(a, { method: 'GET', url: base, as: outsider });
        expect(response.statusCode).toBe(403);
      });
    });

    describe('create, read, update, delete', () => {
      it('creates (201), reads back, updates and deletes, each write audited', async () => {
        const row = await create(a);
        const got = await call(a, { method: 'GET', url: `${base}/${row.id}` });
        expect(got.statusCode).toBe(200);
        expect(got.json().data).toEqual(row);

        const updated = await call(a, {
          method: updateMethod,
          url: `${base}/${row.id}`,
          payload: options.update,
        });
        expect(updated.statusCode, updated.body).toBe(200);
        for (const [field, value] of Object.entries(options.update)) {
          expect(String(updated.json().data[field])).toBe(String(value));
        }

        const deleted = await call(a, { method: 'DELETE', url: `${base}/${row.id}` });
        expect(deleted.statusCode).toBe(200);
        expect(deleted.json().data).toEqual({ id: row.id });
        expect((await call(a, { method: 'GET', url: `${base}/${row.id}` })).statusCode).toBe(404);
        expect(await auditActions(a, row.id)).toEqual([
          `${config.name}.create`,
          `${config.name}.update`,
          `${config.name}.delete`,
        ]);
      });

      it('an unknown id is 404 not_found', async () => {
        const response = await call(a, { method: 'GET', url: `${base}/999999999` });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe(ERROR_CODE.NOT_FOUND);
      });
    });

    describe('validation', () => {
      it('a bad body is 422 validation_failed naming the field, and writes nothing', async () => {
        const response = await call(a, { method: 'POST', url: base, payload: options.invalid.body });
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
        expect(Object.keys(response.json().errors)).toContain(options.invalid.field);
      });

      it('an unknown sort or filter field is 422 naming sort or filter.<field>', async () => {
        const sort = await call(a, { method: 'GET', url: `${base}?sort=-no_such_field` });
        expect(sort.statusCode).toBe(422);
        expect(Object.keys(sort.json().errors)).toEqual(['sort']);
        const filter = await call(a, { method: 'GET', url: `${base}?filter[no_such_field]=1` });
        expect(filter.statusCode).toBe(422);
        expect(Object.keys(filter.json().errors)).toEqual(['filter.no_such_field']);
      });

      for (const key of config.unique ?? []) {
        it(`a taken ${key.field} is 409 duplicate naming the field (also on update)`, async () => {
          const first = await create(a);
          const again = await call(a, {
            method: 'POST',
            url: base,
            payload: { ...options.sample(next()), [key.field]: first[key.field] },
          });
          expect(again.statusCode).toBe(409);
          expect(again.json().code).toBe(ERROR_CODE.DUPLICATE);
          expect(Object.keys(again.json().errors)).toEqual([key.field]);

          const other = await create(a);
          const renamed = await call(a, {
            method: updateMethod,
            url: `${base}/${other.id}`,
            payload: { [key.field]: first[key.field] },
          });
          expect(renamed.statusCode).toBe(409);
          expect(renamed.json().code).toBe(ERROR_CODE.DUPLICATE);
          // Another tenant may use the same value.
          await create(b, { ...options.sample(next()), [key.field]: first[key.field] });
        });
      }
    });

    describe('tenant isolation', () => {
      it("another tenant's id is 404 on get, update and delete, never listed, not_found in a bulk", async () => {
        const row = await create(a);
        for (const request of [
          { method: 'GET', url: `${base}/${row.id}` },
          { method: updateMethod, url: `${base}/${row.id}`, payload: options.update },
          { method: 'DELETE', url: `${base}/${row.id}` },
        ] as const) {
          const response = await call(b, request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        }
        const bulk = await call(b, {
          method: 'POST',
          url: `${base}/bulk`,
          payload: { action: 'delete', ids: [row.id] },
        });
        expect((bulk.json().data as BulkResult).results).toEqual([
          expect.objectContaining({ id: row.id, ok: false, code: ERROR_CODE.NOT_FOUND }),
        ]);
        const listed = await call(b, { method: 'GET', url: `${base}?per_page=200` });
        expect(listed.json().data.items.map((r: ResourceRow) => r.id)).not.toContain(row.id);
        const still = await call(a, { method: 'GET', url: `${base}/${row.id}` });
        expect(still.json().data).toEqual(row);
      });
    });

    describe('list', () => {
      it('pages, counts, sorts, searches and filters', async () => {
        const tag = `Zq${randomUUID().slice(0, 6)}`;
        const made = [];
        for (let i = 0; i < 3; i += 1) {
          made.push(await create(a, { ...options.sample(next()), [options.searchField]: `${tag} ${i}` }));
        }
        const page1 = await call(a, {
          method: 'GET',
          url: `${base}?search=${tag}&per_page=2&sort=-created_at`,
        });
        expect(page1.statusCode, page1.body).toBe(200);
        const data = page1.json().data;
        expect(data.total).toBe(3);
        expect(data.per_page).toBe(2);
        expect(data.items.map((r: ResourceRow) => r.id)).toEqual([made[2]!.id, made[1]!.id]);
        const page2 = await call(a, {
          method: 'GET',
          url: `${base}?search=${tag}&per_page=2&page=2&sort=-created_at`,
        });
        expect(page2.json().data.items.map((r: ResourceRow) => r.id)).toEqual([made[0]!.id]);
        if (options.filter) {
          const [field, value] = options.filter;
          const filtered = await call(a, {
            method: 'GET',
            url: `${base}?search=${tag}&filter[${field}]=${value}`,
          });
          expect(filtered.statusCode).toBe(200);
          expect(filtered.json().data.total).toBe(3);
        }
      });
    });

    describe('bulk', () => {
      it.skipIf(!config.active)('disables and enables many, reporting each row', async () => {
        const [x, y] = [await create(a), await create(a)];
        const disabled = await call(a, {
          method: 'POST',
          url: `${base}/bulk`,
          payload: { action: 'disable', ids: [x.id, y.id, 999999999] },
        });
        expect(disabled.statusCode, disabled.body).toBe(200);
        const result = disabled.json().data as BulkResult;
        expect(result).toMatchObject({ action: 'disable', succeeded: 2, failed: 1 });
        expect(result.results.find((r) => r.id === 999999999)?.code).toBe(ERROR_CODE.NOT_FOUND);
        expect((await call(a, { method: 'GET', url: `${base}/${x.id}` })).json().data.is_active).toBe(false);
        await call(a, { method: 'POST', url: `${base}/bulk`, payload: { action: 'enable', ids: [x.id] } });
        expect((await call(a, { method: 'GET', url: `${base}/${x.id}` })).json().data.is_active).toBe(true);
        expect(await auditActions(a, x.id)).toEqual([
          `${config.name}.create`,
          `${config.name}.disable`,
          `${config.name}.enable`,
        ]);
      });

      it('deletes many; a row in use stays and says in_use', async () => {
        const [x, y] = [await create(a), await create(a)];
        if (options.makeInUse) await options.makeInUse(testDb.db, a, y.id);
        const response = await call(a, {
          method: 'POST',
          url: `${base}/bulk`,
          payload: { action: 'delete', ids: [x.id, y.id] },
        });
        const result = response.json().data as BulkResult;
        expect(result.results.find((r) => r.id === x.id)?.ok).toBe(true);
        expect((await call(a, { method: 'GET', url: `${base}/${x.id}` })).statusCode).toBe(404);
        if (options.makeInUse) {
          expect(result.results.find((r) => r.id === y.id)).toMatchObject({
            ok: false,
            code: ERROR_CODE.IN_USE,
          });
          expect((await call(a, { method: 'GET', url: `${base}/${y.id}` })).statusCode).toBe(200);
        }
      });
    });

    describe.skipIf(!options.makeInUse)('in use', () => {
      it('a delete of a row in use is 409 in_use with what uses it, and deletes nothing', async () => {
        const row = await create(a);
        await options.makeInUse!(testDb.db, a, row.id);
        const response = await call(a, { method: 'DELETE', url: `${base}/${row.id}` });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe(ERROR_CODE.IN_USE);
        expect(response.json().details.in_use).toEqual([expect.objectContaining({ count: 1 })]);
        expect((await call(a, { method: 'GET', url: `${base}/${row.id}` })).statusCode).toBe(200);
      });
    });

    describe.skipIf(!config.importColumns)('import', () => {
      it('a file with one bad row imports nothing, on a dry run and on a commit, and lists the row', async () => {
        const tag = `Imp${randomUUID().slice(0, 6)}`;
        const good = [1, 2, 3].map((i) => ({
          ...options.sample(next()),
          [options.searchField]: `${tag} ${i}`,
        }));
        const rows = [good[0]!, good[1]!, options.invalid.body, good[2]!];
        for (const mode of ['dry_run', 'commit']) {
          const response = await importCsv(a, mode, rows);
          expect(response.statusCode, response.body).toBe(200);
          const result = response.json().data as ImportResult;
          expect(result).toMatchObject({ mode, total_rows: 4, valid_rows: 3, error_rows: 1, imported: 0 });
          expect(result.errors).toEqual([
            expect.objectContaining({
              row: 3,
              column: options.invalid.field,
              code: ERROR_CODE.VALIDATION_FAILED,
            }),
          ]);
        }
        const listed = await call(a, { method: 'GET', url: `${base}?search=${tag}` });
        expect(listed.json().data.total).toBe(0);
      });

      it('a clean file commits every row, audited; its unique keys twice in one file fail the second', async () => {
        const tag = `Imp${randomUUID().slice(0, 6)}`;
        const good = [1, 2, 3].map((i) => ({
          ...options.sample(next()),
          [options.searchField]: `${tag} ${i}`,
        }));
        const dryRun = (await importCsv(a, 'dry_run', good)).json().data as ImportResult;
        expect(dryRun).toMatchObject({ total_rows: 3, valid_rows: 3, error_rows: 0, imported: 0 });
        expect((await call(a, { method: 'GET', url: `${base}?search=${tag}` })).json().data.total).toBe(0);

        const committed = await importCsv(a, 'commit', good);
        expect(committed.json().data).toMatchObject({ total_rows: 3, error_rows: 0, imported: 3 });
        const listed = (await call(a, { method: 'GET', url: `${base}?search=${tag}` })).json().data;
        expect(listed.total).toBe(3);
        // One audit row for the import (docs/back-office.md "Import"): the count and the new ids' ranges.
        const [audited] = await importAudits(a, `${config.name}.import`);
        const ranges = (audited!.after as { rows: number; id_ranges: [number, number][] }).id_ranges;
        expect(audited!.after).toMatchObject({ file: 'rows.csv', rows: 3 });
        for (const item of listed.items as ResourceRow[]) {
          expect(ranges.some(([from, to]) => item.id >= from && item.id <= to)).toBe(true);
          expect(await auditActions(a, item.id)).toEqual([]);
        }

        for (const key of config.unique ?? []) {
          const twice = [options.sample(next()), options.sample(next())];
          twice[1]![key.field] = twice[0]![key.field];
          const result = (await importCsv(a, 'commit', twice)).json().data as ImportResult;
          expect(result).toMatchObject({ error_rows: 1, imported: 0 });
          expect(result.errors).toEqual([expect.objectContaining({ row: 2, code: ERROR_CODE.DUPLICATE })]);
        }
      });

      // Past IMPORT_BATCH_ROWS (500), so earlier batches are written before the bad row is met.
      const MANY = 1201;
      // A resource that hashes a secret per row (members) takes long for that many rows on a loaded machine.
      const MANY_TIMEOUT_MS = 240_000;

      it(
        'a commit with one bad row among many imports nothing and lists that row',
        async () => {
          const tag = `Many${randomUUID().slice(0, 6)}`;
          const rows = Array.from({ length: MANY }, (_, i) => ({
            ...options.sample(next()),
            [options.searchField]: `${tag} ${i}`,
          }));
          rows[1100] = options.invalid.body;
          const result = (await importCsv(a, 'commit', rows)).json().data as ImportResult;
          expect(result).toMatchObject({
            total_rows: MANY,
            valid_rows: MANY - 1,
            error_rows: 1,
            imported: 0,
          });
          expect(result.errors).toEqual([
            expect.objectContaining({
              row: 1101,
              column: options.invalid.field,
              code: ERROR_CODE.VALIDATION_FAILED,
            }),
          ]);
          expect((await call(a, { method: 'GET', url: `${base}?search=${tag}` })).json().data.total).toBe(0);
        },
        MANY_TIMEOUT_MS,
      );

      it.skipIf(!config.unique?.length)(
        'a unique key twice in one file, batches apart, is reported by row on a dry run and a commit',
        async () => {
          const key = config.unique![0]!.field;
          const rows = Array.from({ length: MANY }, () => options.sample(next()));
          rows[1150]![key] = rows[3]![key];
          for (const mode of ['dry_run', 'commit']) {
            const result = (await importCsv(a, mode, rows)).json().data as ImportResult;
            expect(result).toMatchObject({ total_rows: MANY, error_rows: 1, imported: 0 });
            expect(result.errors).toEqual([
              expect.objectContaining({ row: 1151, column: key, code: ERROR_CODE.DUPLICATE }),
            ]);
          }
        },
        MANY_TIMEOUT_MS,
      );

      it('a multipart body cut short is 400 malformed_request, not a 5xx', async () => {
        const response = await importFile(a, 'dry_run', 'name\r\n', 20);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe(ERROR_CODE.MALFORMED_REQUEST);
      });

      it('a file with a column the resource does not have is 422 on file', async () => {
        const response = await importFile(a, 'dry_run', 'no_such_column\r\nx\r\n');
        expect(response.statusCode).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['file']);
      });
    });

    describe('export', () => {
      it("streams CSV with the header, formulas neutralised, only the tenant's rows", async () => {
        const tag = `Exp${randomUUID().slice(0, 6)}`;
        const mine = { ...options.sample(next()), [options.searchField]: `${tag} mine` };
        mine[options.textField] = `=HYPERLINK("x") ${tag}`;
        const row = await create(a, mine);
        const theirs = await create(b, { ...options.sample(next()), [options.searchField]: `${tag} theirs` });
        const { statusCode, csv } = await exportCsv(a, `search=${tag}`);
        expect(statusCode).toBe(200);
        const lines = csv
          .replace(/^\ufeff/, '')
          .trimEnd()
          .split('\r\n');
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
        expect(csv).not.toContain(String(theirs[options.searchField]));
        expect(row.id).toBeGreaterThan(0);
      });
    });

    describe('idempotency', () => {
      it('the same Idempotency-Key replays the first answer and creates once', async () => {
        const key = randomUUID();
        const body = options.sample(next());
        const first = await call(a, { method: 'POST', url: base, payload: body, key });
        const second = await call(a, { method: 'POST', url: base, payload: body, key });
        expect(first.statusCode).toBe(201);
        expect(second.statusCode).toBe(201);
        expect(second.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
        expect(second.json()).toEqual(first.json());
        const withoutKey = await app.inject({
          method: 'POST',
          url: base,
          payload: options.sample(next()),
          headers: a.headers(role),
        });
        expect(withoutKey.statusCode).toBe(400);
      });
    });
  });
}
