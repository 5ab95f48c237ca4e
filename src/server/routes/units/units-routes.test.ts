import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { insertProduct } from '../../../../tests/support/server/catalog-rows';
import { UNIT_RESOURCE } from './units-routes';

describeResourceApi({
  config: UNIT_RESOURCE,
  sample: (n) => ({ name: `Bottle ${n}`, abbreviation: 'btl' }),
  update: { name: 'Box of ten', abbreviation: 'box' },
  invalid: { body: { name: '', abbreviation: 'x' }, field: 'name' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: (db, f, id) =>
    insertProduct(db, f, `Care ${id}`, { name: `Shampoo ${id}`, price: 1000, unitId: id }),
});
