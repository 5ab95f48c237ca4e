/**
 * Two things a link can bring to the resource chart (docs/back-office.md "The client's screens"): the list
 * opened already searched (`?search=`), and a duplicate's holder (the server's `details.conflict`) kept on the
 * field's issue so the screen offers to open that row.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resourceMachine } from './resource.machine';
import { toResourceError } from './resource.rules';

describe('resource chart: a list opened searched', () => {
  it('starts with the search applied and shown in the box', () => {
    const actor = createActor(resourceMachine, { input: { resource: 'customers', search: ' 555123 ' } });
    const { context } = actor.getSnapshot();
    expect(context.list.search).toBe('555123');
    expect(context.searchText).toBe(' 555123 ');
  });

  it('starts unsearched without one', () => {
    const { context } = createActor(resourceMachine, { input: { resource: 'customers' } }).getSnapshot();
    expect(context.list.search).toBe('');
  });
});

describe('toResourceError: a duplicate naming its holder', () => {
  it('puts the holder id on the issue of the field it names, and only there', () => {
    const error = toResourceError({
      status: 409,
      code: 'duplicate',
      message: 'A customer with this phone number already exists.',
      errors: { phone: ['A customer with this phone number already exists.'], email: ['x'] },
      details: { conflict: { field: 'phone', id: 42 } },
    });
    expect(error.fieldErrors?.phone?.[0]).toMatchObject({ code: 'duplicate', params: { holder: 42 } });
    expect(error.fieldErrors?.email?.[0]?.params).toBeUndefined();
  });

  it('a duplicate without a holder, or another code, carries none', () => {
    const plain = toResourceError({ status: 409, code: 'duplicate', message: 'x', errors: { name: ['x'] } });
    expect(plain.fieldErrors?.name?.[0]?.params).toBeUndefined();
    const other = toResourceError({
      status: 422,
      code: 'validation_failed',
      message: 'x',
      errors: { phone: ['x'] },
      details: { conflict: { field: 'phone', id: 42 } },
    });
    expect(other.fieldErrors?.phone?.[0]).toEqual({ code: 'server', message: 'x' });
  });
});

describe('toResourceError: the codes a 422 names per field', () => {
  it("takes a field's code from details.field_codes, and 'server' for a field it does not name", () => {
    const error = toResourceError({
      status: 422,
      code: 'validation_failed',
      message: 'Choose a group of this salon.',
      errors: { customer_group_id: ['Choose a group of this salon.'], notes: ['Too long.'] },
      details: { field_codes: { customer_group_id: 'unknown_reference' } },
    });
    expect(error.fieldErrors?.customer_group_id?.[0]).toEqual({
      code: 'unknown_reference',
      message: 'Choose a group of this salon.',
    });
    expect(error.fieldErrors?.notes?.[0]).toEqual({ code: 'server', message: 'Too long.' });
  });
});
