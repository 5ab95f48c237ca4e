import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import { services } from '../../db/schema/catalog';
import { CATEGORY_RESOURCE } from './categories-routes';

describeResourceApi({
  config: CATEGORY_RESOURCE,
  sample: (n) => ({ type: 'service', name: `Manicure ${n}`, display_order: String(n) }),
  update: { name: 'Pedicure', display_order: 3 },
  invalid: { body: { type: 'service', name: 'Nails', display_order: '-1' }, field: 'display_order' },
  textField: 'name',
  searchField: 'name',
  filter: ['type', 'service'],
  makeInUse: async (db, f, id) => {
    await db.insert(services).values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      categoryId: id,
      name: `Gel polish ${id}`,
      price: 2500,
    });
  },
});

/** The smallest PNG: its signature and an IHDR chunk are all imageExtension reads. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('/api/categories multipart create and update with an image', async () => {
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'categories-media-'));
  afterAll(() => rm(mediaDir, { recursive: true, force: true }));
  const api = await apiHarness({ config: { mediaDir } });
  const a = await api.tenant();
  const owner = api.as(a, 'owner');

  function send(url: string, fields: Record<string, string>, image?: Buffer) {
    const form = multipart(
      fields,
      ...(image
        ? [{ field: 'image', filename: 'picture.png', content: image, contentType: 'image/png' }]
        : []),
    );
    return owner.post(url, form.payload, { headers: form.headers });
  }

  it('stores the picture under the media directory and names it on the row; an update replaces it', async () => {
    const created = await send(
      '/api/categories',
      { type: 'product', name: 'Hair care', display_order: '2' },
      PNG,
    );
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({ type: 'product', name: 'Hair care', display_order: 2, is_active: true });
    expect(row.image_path).toMatch(new RegExp(`^categories/${a.tenantId}/[0-9a-f]+\\.png$`));
    expect(await readFile(path.join(mediaDir, row.image_path))).toEqual(PNG);

    const updated = await send(`/api/categories/${row.id}`, { name: 'Hair and scalp' }, PNG);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe('Hair and scalp');
    expect(updated.json().data.image_path).not.toBe(row.image_path);
  });

  it('a file that is not a picture is 422 on image, and nothing is created', async () => {
    const response = await send(
      '/api/categories',
      { type: 'product', name: 'Not a picture' },
      Buffer.from('%PDF-1.7'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
    expect(Object.keys(response.json().errors)).toEqual(['image']);
    const listed = await owner.get('/api/categories?search=Not%20a%20picture');
    expect(listed.json().data.total).toBe(0);
  });

  it('the same name is allowed once per type', async () => {
    expect((await send('/api/categories', { type: 'service', name: 'Waxing' })).statusCode).toBe(201);
    expect((await send('/api/categories', { type: 'product', name: 'waxing' })).statusCode).toBe(201);
    const twice = await send('/api/categories', { type: 'service', name: 'WAXING' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(ERROR_CODE.DUPLICATE);
  });
});
