/**
 * One sample per back-office resource (docs/back-office.md, "Tests"), so the tests generated from the route
 * table cover every resource's routes without an entry per route: tenant A gets a row of each resource
 * (victim-rows.ts), `:id` of `/api/<name>/:id` resolves to it, and each write route gets a body that passes
 * its schema (route-samples.ts). A new resource adds one entry here.
 */
import { CATEGORY_RESOURCE } from '../../../src/server/routes/categories/categories-routes';
import { SUPPLIER_RESOURCE } from '../../../src/server/routes/suppliers/suppliers-routes';
import { UNIT_RESOURCE } from '../../../src/server/routes/units/units-routes';
import type { ResourceConfig, ResourceTable } from '../../../src/server/resources/resource-factory';
import type { z } from 'zod';
import { csvFile, multipart } from './resource-multipart';

type AnyConfig = ResourceConfig<ResourceTable, z.ZodType, z.ZodType, z.ZodType>;

export interface ResourceSample {
  config: AnyConfig;
  /** A valid create body whose unique, searchable text is `text`. */
  create: (text: string) => Record<string, unknown>;
  /** A valid update body. */
  update: Record<string, unknown>;
}

export const RESOURCE_SAMPLES: readonly ResourceSample[] = [
  {
    config: UNIT_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ name: text, abbreviation: 'btl' }),
    update: { abbreviation: 'box' },
  },
  {
    config: SUPPLIER_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ name: text, contact_name: 'Lan Tran', email: 'orders@example.com' }),
    update: { note: 'Delivers on Mondays' },
  },
  {
    config: CATEGORY_RESOURCE as unknown as AnyConfig,
    create: (text) => ({ type: 'service', name: text, display_order: '1' }),
    update: { display_order: '2' },
  },
];

/** A write whose body is multipart (an import's CSV file): sent as such, with its content type. */
export interface MultipartSample {
  multipart: { payload: Buffer; headers: Record<string, string> };
}

export function isMultipartSample(value: unknown): value is MultipartSample {
  return typeof value === 'object' && value !== null && 'multipart' in value;
}

/**
 * What each resource route is sent by the generated route-table tests, keyed like SAMPLE_BODIES; `resources`
 * holds tenant A's row of each resource.
 */
export function resourceSampleBodies(): Record<
  string,
  (v: { resources: Readonly<Record<string, number>> }) => Record<string, unknown> | MultipartSample
> {
  const out: ReturnType<typeof resourceSampleBodies> = {};
  for (const { config, create, update } of RESOURCE_SAMPLES) {
    const base = `/api/${config.name}`;
    out[`POST ${base}`] = () => create(`Sample ${config.name} ${Date.now()}`);
    out[`${config.updateMethod ?? 'POST'} ${base}/:id`] = () => update;
    out[`POST ${base}/bulk`] = (v) => ({ action: 'disable', ids: [v.resources[config.name]] });
    if (config.importColumns) {
      const columns = config.importColumns;
      out[`POST ${base}/import`] = () => ({
        multipart: multipart(
          { mode: 'dry_run' },
          { field: 'file', filename: 'rows.csv', content: csvFile(columns, [create('Imported sample')]) },
        ),
      });
    }
  }
  return out;
}

/**
 * Resource routes whose 2xx to another tenant is about that tenant's own rows: its list and export, a create
 * or a dry-run import in its own store, and a bulk that reports A's ids as not_found.
 */
export const RESOURCE_OWN_DATA_ROUTES: readonly string[] = RESOURCE_SAMPLES.flatMap(({ config }) => [
  `GET /api/${config.name}`,
  `GET /api/${config.name}/export`,
  `POST /api/${config.name}`,
  `POST /api/${config.name}/bulk`,
  ...(config.importColumns ? [`POST /api/${config.name}/import`] : []),
]);

/** `/api/<name>/...` of a sampled resource → its name. */
export function resourceOfPath(path: string): string | undefined {
  return RESOURCE_SAMPLES.find(({ config }) => path.startsWith(`/api/${config.name}/`))?.config.name;
}

/** Creates tenant A's row of every resource through the API; rows are named with `marker`. */
export async function createResourceRows(
  create: (url: string, body: Record<string, unknown>) => Promise<{ id: unknown }>,
  marker: string,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const { config, create: body } of RESOURCE_SAMPLES) {
    const row = await create(`/api/${config.name}`, body(`${marker} ${config.name}`));
    ids[config.name] = Number(row.id);
  }
  return ids;
}
