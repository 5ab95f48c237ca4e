import { describe, expect, it } from 'vitest';
import { classifyRequest, isLiveOnly, isProtected, tagsFor } from './classify';

describe('which requests are queued', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('every %s write is queued', (method) => {
    expect(classifyRequest(method, '/api/units/4').queue).toBe(true);
  });

  it.each([
    ['/api/pos/sales/12', ['order']],
    ['/api/payments?page=2', ['payment']],
    ['/api/pos/customers', ['customer']],
    ['/api/customer-groups/3', ['customer']],
    ['/api/products/inventory', ['inventory']],
    ['/api/products/inventoriesDetail', ['inventory']],
    ['/api/report/daily', ['report']],
    ['/api/report/customers', ['customer', 'report']],
  ])('a GET to %s is queued with tags %j', (url, tags) => {
    expect(classifyRequest('GET', url)).toEqual({ queue: true, priority: 'low', tags });
  });

  it.each(['/api/pos/employees', '/api/initial-settings', '/api/services', '/locales/en/common.json'])(
    'a GET to %s is not queued',
    (url) => {
      expect(classifyRequest('GET', url).queue).toBe(false);
    },
  );

  it('a HEAD is never queued', () => {
    expect(classifyRequest('HEAD', '/api/pos/sales').queue).toBe(false);
  });

  it.each([
    '/api/login',
    '/api/login-token',
    '/api/logout',
    '/api/role-by-code',
    '/api/change-pass',
    '/api/users/12/change-pass',
    '/api/profile',
    '/api/push/subscribe',
    '/api/payments/momo/create',
    '/api/payments/vietqr/create',
    '/api/giftcards/export',
    '/api/giftcards/12/reload',
    '/api/giftcards/12/deactivate',
    '/api/giftcards/12/activate',
    '/api/customer-groups/3/check-has-customer',
    '/api/pos/turn-system',
    '/api/pos/turn-system/reorder',
    '/api/settings/kiosk-tokens',
    '/api/settings/kiosk-tokens/4',
  ])('a write to %s needs a live answer and is not queued', (url) => {
    expect(isLiveOnly(url)).toBe(true);
    expect(classifyRequest('POST', url).queue).toBe(false);
  });

  it('classifies absolute URLs and paths without the /api base alike', () => {
    expect(classifyRequest('POST', 'https://till.example/api/pos/sales')).toEqual(
      classifyRequest('POST', '/pos/sales'),
    );
    expect(tagsFor('/pos/sales/7/payment')).toEqual(['payment', 'order']);
  });
});

describe('priority', () => {
  it('writes to payments and orders are high', () => {
    expect(classifyRequest('POST', '/api/payments/sale').priority).toBe('high');
    expect(classifyRequest('POST', '/api/pos/sales').priority).toBe('high');
    expect(classifyRequest('POST', '/api/pos/sales/9/refund').priority).toBe('high');
    expect(classifyRequest('DELETE', '/api/pos/sales/clear-trashed/9').priority).toBe('high');
  });

  it('other writes are normal', () => {
    expect(classifyRequest('POST', '/api/pos/customers').priority).toBe('normal');
    expect(classifyRequest('POST', '/api/pos/employees/check-in-out').priority).toBe('normal');
  });

  it('reads are low, even of payments and orders', () => {
    expect(classifyRequest('GET', '/api/payments').priority).toBe('low');
    expect(classifyRequest('GET', '/api/pos/sales/3').priority).toBe('low');
  });
});

describe('protected requests', () => {
  it('a write tagged payment or order is protected; a read with the same tags is not', () => {
    expect(isProtected({ method: 'POST', tags: ['order'] })).toBe(true);
    expect(isProtected({ method: 'PUT', tags: ['payment'] })).toBe(true);
    expect(isProtected({ method: 'POST', tags: ['customer'] })).toBe(false);
    expect(isProtected({ method: 'GET', tags: ['order'] })).toBe(false);
  });
});
