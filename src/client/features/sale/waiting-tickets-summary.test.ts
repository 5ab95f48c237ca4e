import { describe, expect, it } from 'vitest';
import { ITEM_TYPE } from '../../../domain/constants';
import {
  addEmployee,
  addItem,
  changeQuantity,
  createOrder,
  setCustomer,
} from '../../../domain/order-editing';
import { ticketFromOrder } from '../../../domain/waiting-tickets';
import { summariseTicket } from './waiting-tickets-summary';

const manicure = {
  item_id: 10,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Gel manicure',
  taxes: '',
  unit_price: 3000,
};
const polish = { item_id: 20, item_type: ITEM_TYPE.PRODUCT, name: 'Polish', taxes: '', unit_price: 1250 };

describe('summariseTicket', () => {
  it('lists the employees, counts units, totals the ticket and keeps when it was parked', () => {
    let order = addEmployee(createOrder('o-1'), { id: 1, name: 'Anna' });
    order = addItem(order, manicure);
    order = changeQuantity(order, 0, 0, 1);
    order = addEmployee(order, { id: 2, name: 'Bella' });
    order = addItem(order, polish);
    order = setCustomer(order, { id: 9, name: 'Cleo Ray' });
    const summary = summariseTicket(ticketFromOrder(order, 't-1', '2025-03-01T10:00:00.000Z'));
    expect(summary).toEqual({
      id: 't-1',
      employees: ['Anna', 'Bella'],
      customer: 'Cleo Ray',
      itemCount: 3,
      total: 7250,
      savedAt: '2025-03-01T10:00:00.000Z',
    });
  });
});
