import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { insertProduct } from '../../../../tests/support/server/catalog-rows';
import { SUPPLIER_RESOURCE } from './suppliers-routes';

describeResourceApi({
  config: SUPPLIER_RESOURCE,
  sample: (n) => ({
    name: `Nail Supply Co ${n}`,
    contact_name: 'Lan Tran',
    phone: '+1 555 010 0000',
    email: `orders${n}@example.com`,
  }),
  update: { name: 'Beauty Wholesale', note: '-5% on orders over 100' },
  invalid: { body: { name: 'Polish Depot', email: 'not-an-email' }, field: 'email' },
  textField: 'note',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: (db, f, id) =>
    insertProduct(db, f, `Polish ${id}`, { name: `Top coat ${id}`, price: 900, supplierId: id }),
});
