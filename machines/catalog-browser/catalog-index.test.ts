import { describe, expect, it } from 'vitest';
import { ITEM_TYPE } from '../../src/domain/constants';
import type { ServiceProductSetting } from '../../src/contracts/catalog';
import { catalog, checkedIn, employees } from '../../tests/support/machines/catalog';
import {
  buildCatalogIndex,
  employeeChoices,
  filterTiles,
  GIFTCARD_TILE_KEY,
  MAX_VISIBLE_TILES,
  normaliseSearch,
} from './catalog-index';

describe('buildCatalogIndex', () => {
  const index = buildCatalogIndex(catalog);

  it('makes an All tab, one tab per category in the server order, then kits and gift cards', () => {
    expect(index.tabs.map((t) => [t.id, t.name, t.count])).toEqual([
      ['all', null, 6],
      ['category-10', 'Manicure', 2],
      ['category-20', 'Retail', 2],
      ['kits', null, 1],
      ['giftcards', null, 1],
    ]);
  });

  it('hands each tile the order line fields only, with its item type', () => {
    const [gel, classic] = index.tilesByTab['category-10'] ?? [];
    // The catalog's Gel Manicure without what only the catalog shows (its place, category and duration).
    const manicure = catalog.categories[0];
    if (!manicure || !('services' in manicure) || !manicure.services[0]) throw new Error('no Gel Manicure');
    const { display_order, category_id, duration_minutes, ...lineFields } = manicure.services[0];
    expect([display_order, category_id, duration_minutes]).toEqual([1, 10, 45]);
    expect(lineFields).toMatchObject({ item_id: 101, item_type: ITEM_TYPE.SERVICE, name: 'Gel Manicure' });
    expect(gel?.item).toEqual(lineFields);
    expect(classic?.item?.commission_rate).toBe(40);
    expect(index.tilesByTab.kits?.[0]?.item?.item_type).toBe(ITEM_TYPE.PRODUCT_KIT);
    expect(index.tilesByTab['category-20']?.[0]?.item?.item_type).toBe(ITEM_TYPE.PRODUCT);
  });

  it('offers the gift card as a tile that adds nothing by itself', () => {
    expect(index.tilesByTab.giftcards).toEqual([
      expect.objectContaining({ key: GIFTCARD_TILE_KEY, kind: 'giftcard', item: null }),
    ]);
    expect(index.tilesByTab.all?.at(-1)?.kind).toBe('giftcard');
  });

  it('has no kits tab when the store sells no kits', () => {
    const noKits = buildCatalogIndex({ ...catalog, kits: [] });
    expect(noKits.tabs.map((t) => t.id)).toEqual(['all', 'category-10', 'category-20', 'giftcards']);
  });
});

describe('normaliseSearch', () => {
  it('drops case, accents, the Vietnamese đ and extra spaces', () => {
    expect(normaliseSearch('  Móng   ĐẸP ')).toBe('mong dep');
  });
});

describe('filterTiles', () => {
  const index = buildCatalogIndex(catalog);

  it('an empty search shows the whole tab', () => {
    expect(filterTiles(index, 'category-10', '').total).toBe(2);
  });

  it('matches every word anywhere in the name, without accents, and the sku of products', () => {
    expect(filterTiles(index, 'all', 'man gel').tiles.map((t) => t.name)).toEqual(['Gel Manicure']);
    expect(filterTiles(index, 'all', 'mong dep').tiles.map((t) => t.name)).toEqual(['Móng Đẹp Polish']);
    expect(filterTiles(index, 'all', 'oil-15').tiles.map((t) => t.name)).toEqual(['Cuticle Oil']);
  });

  it('searches within the chosen tab only', () => {
    expect(filterTiles(index, 'category-10', 'oil').total).toBe(0);
  });

  it('never matches the gift card tile with words (its label is translated)', () => {
    expect(filterTiles(index, 'giftcards', 'g').total).toBe(0);
  });

  // How fast: bench/domain/catalog-filter.bench.ts (a timed assertion here failed on a loaded machine).
  it('renders at most 60 tiles of a 20,000-item catalog but counts every match', () => {
    const services = Array.from({ length: 20_000 }, (_, i) => ({
      item_id: i + 1,
      item_type: ITEM_TYPE.SERVICE,
      name: `Service ${i + 1} ${i % 2 ? 'gel' : 'acrylic'}`,
      taxes: '',
      unit_price: 1000,
      cost: 0,
      display_order: i,
      category_id: 1,
      duration_minutes: 30,
    }));
    const big: ServiceProductSetting = {
      ...catalog,
      categories: [{ id: 1, name: 'All services', type: 'service', display_order: 1, services }],
      kits: [],
    };
    const bigIndex = buildCatalogIndex(big);
    const result = filterTiles(bigIndex, 'all', 'gel');
    expect(result.tiles).toHaveLength(MAX_VISIBLE_TILES);
    expect(result.total).toBe(10_000);
  });
});

describe('employeeChoices', () => {
  it('lists the checked-in first, in check-in order, then the others once each', () => {
    expect(employeeChoices(employees, checkedIn).map((c) => [c.employee.name, c.checkedIn])).toEqual([
      ['Bella Pham', true],
      ['Anna Nguyen', true],
      ['Daisy Vo', false],
      ['Jenny Kim', false],
    ]);
  });

  it('still puts the clocked-in first when only the employee list could be read', () => {
    expect(employeeChoices([...employees].reverse(), []).map((c) => c.employee.name)).toEqual([
      'Bella Pham',
      'Anna Nguyen',
      'Jenny Kim',
      'Daisy Vo',
    ]);
  });

  it('with the daily check-in on, leaves out technicians not clocked in, never staff who do no services', () => {
    const choices = employeeChoices(employees, checkedIn, { onlyCheckedInTechnicians: true });
    // Daisy Vo is a technician who has not clocked in; Jenny Kim does no services.
    expect(choices.map((c) => c.employee.name)).toEqual(['Bella Pham', 'Anna Nguyen', 'Jenny Kim']);
  });

  it('gives the domain employee (id, name, commission rate)', () => {
    expect(employeeChoices(employees, [])[0]).toEqual({
      employee: { id: 5, name: 'Anna Nguyen', commission_rate: 50 },
      checkedIn: true,
      isTechnician: true,
    });
  });
});
