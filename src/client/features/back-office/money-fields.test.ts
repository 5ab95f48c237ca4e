import { describe, expect, it } from 'vitest';
import { moneyToBody, moneyToForm } from './money-fields';
import type { FieldConfig } from './resource-config';

const FIELDS: FieldConfig[] = [
  { name: 'name', kind: 'text', label: 'fields.name' },
  { name: 'price', kind: 'money', label: 'fields.price' },
  { name: 'cost', kind: 'money', label: 'fields.cost' },
];

describe('money fields of a resource form', () => {
  it('shows minor units in the currency’s units', () => {
    expect(moneyToForm({ id: 1, name: 'Cut', price: 1050, cost: 0 }, FIELDS, 'USD')).toEqual({
      id: 1,
      name: 'Cut',
      price: '10.50',
      cost: '0.00',
    });
    expect(moneyToForm({ id: 1, price: 15000 }, FIELDS, 'VND')).toEqual({ id: 1, price: '15000' });
  });

  it('sends what was typed as integer minor units, exactly', () => {
    expect(moneyToBody({ name: '0.1', price: '0.29', cost: '1,234.5' }, FIELDS, 'USD')).toEqual({
      name: '0.1',
      price: 29,
      cost: 123450,
    });
    expect(moneyToBody({ price: '25' }, FIELDS, 'JPY')).toEqual({ price: 25 });
  });

  it('leaves a blank amount out and keeps text that is no amount for the schema to refuse', () => {
    expect(moneyToBody({ price: 'ten', cost: '' }, FIELDS, 'USD')).toEqual({ price: 'ten' });
  });

  it('converts a moneyWhen field only while its condition holds (a coupon: amount, not percent)', () => {
    const discount: FieldConfig[] = [
      { name: 'discount_type', kind: 'select', label: 'fields.discount_type' },
      {
        name: 'discount_value',
        kind: 'money',
        label: 'fields.discount_value',
        moneyWhen: { field: 'discount_type', value: '1' },
      },
    ];
    expect(moneyToForm({ discount_type: 1, discount_value: 500 }, discount, 'USD')).toEqual({
      discount_type: 1,
      discount_value: '5.00',
    });
    expect(moneyToForm({ discount_type: 0, discount_value: 12.5 }, discount, 'USD')).toEqual({
      discount_type: 0,
      discount_value: 12.5,
    });
    expect(moneyToBody({ discount_type: '1', discount_value: '5.25' }, discount, 'USD')).toEqual({
      discount_type: '1',
      discount_value: 525,
    });
    expect(moneyToBody({ discount_type: '0', discount_value: '12.5' }, discount, 'USD')).toEqual({
      discount_type: '0',
      discount_value: '12.5',
    });
  });
});
