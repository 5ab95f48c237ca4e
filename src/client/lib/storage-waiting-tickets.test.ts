import { describe, expect, it } from 'vitest';
import { waitingTicketsKey } from '../../domain/constants';
import { createOrder } from '../../domain/order-editing';
import type { WaitingTicket } from '../../domain/order.types';
import {
  createMemoryStorage,
  clearSession,
  currentWaitingTicketsKey,
  readWaitingTickets,
  recoverOpenTicket,
  saveOpenTicket,
  saveWaitingTickets,
  STORAGE_KEYS,
} from './storage';

const ticket: WaitingTicket = { id: 't-1', order: createOrder('u-1'), saved_at: '2026-11-22T15:00:00.000Z' };

function withSession(store_id: number, workstation_id: number | null): Storage {
  return createMemoryStorage({
    [STORAGE_KEYS.AUTH]: JSON.stringify({
      token: 'tok',
      user: { id: 1, role: 'staff' },
      permissions: { modules: [] },
      store_id,
      workstation_id,
      initial_settings: { storeSettings: {}, generalSettings: {} },
    }),
  });
}

describe('waiting tickets in local storage (000 §7)', () => {
  it("are kept under the session's store and workstation", () => {
    const store = withSession(1, 2);
    expect(currentWaitingTicketsKey(store)).toBe('waiting_sale_tickets__1__2');
    saveWaitingTickets([ticket], store);
    expect(JSON.parse(store.getItem(waitingTicketsKey(1, 2)) ?? '[]')).toEqual([ticket]);
    expect(readWaitingTickets(store)).toEqual([ticket]);
  });

  it("fall back to 'none' for a missing workstation or session", () => {
    expect(currentWaitingTicketsKey(withSession(1, null))).toBe('waiting_sale_tickets__1__none');
    expect(currentWaitingTicketsKey(createMemoryStorage())).toBe('waiting_sale_tickets__none__none');
  });

  it('skip what cannot be read, and an empty list removes the key', () => {
    const store = withSession(1, 2);
    store.setItem('waiting_sale_tickets__1__2', JSON.stringify([ticket, { id: 3 }, 'junk']));
    expect(readWaitingTickets(store)).toEqual([ticket]);
    store.setItem('waiting_sale_tickets__1__2', '{not json');
    expect(readWaitingTickets(store)).toEqual([]);
    saveWaitingTickets([], store);
    expect(store.getItem('waiting_sale_tickets__1__2')).toBeNull();
  });
});

describe('the open ticket (ours: a reload never loses what was rung up)', () => {
  const now = new Date('2026-11-22T16:00:00.000Z');
  const ids = () => 'new-id';

  it('is saved per till and comes back as a parked ticket, once', () => {
    const store = withSession(1, 2);
    const open = createOrder('u-open');
    saveOpenTicket(open, store);
    expect(store.getItem('open_sale_ticket__1__2')).toBe(JSON.stringify(open));
    const parked = recoverOpenTicket(now, ids, store);
    expect(parked).toEqual([{ id: 'new-id', order: open, saved_at: now.toISOString() }]);
    expect(readWaitingTickets(store)).toEqual(parked);
    expect(store.getItem('open_sale_ticket__1__2')).toBeNull();
    expect(recoverOpenTicket(now, ids, store)).toEqual(parked);
  });

  it('replaces the parked ticket it was resumed from (same uuid), keeping its id', () => {
    const store = withSession(1, 2);
    saveWaitingTickets([ticket], store);
    const changed = { ...createOrder('u-1'), order_at: '2026-11-22T15:30:00.000Z' };
    saveOpenTicket(changed, store);
    expect(recoverOpenTicket(now, ids, store)).toEqual([
      { id: 't-1', order: changed, saved_at: now.toISOString() },
    ]);
  });

  it('null removes the copy (completed, parked or emptied); an unreadable copy is dropped', () => {
    const store = withSession(1, 2);
    saveOpenTicket(createOrder('u-x'), store);
    saveOpenTicket(null, store);
    expect(store.getItem('open_sale_ticket__1__2')).toBeNull();
    store.setItem('open_sale_ticket__1__2', '{"nope":1}');
    expect(recoverOpenTicket(now, ids, store)).toEqual([]);
    expect(store.getItem('open_sale_ticket__1__2')).toBeNull();
  });

  it('survives logout, like the parked tickets', () => {
    const store = withSession(1, 2);
    saveOpenTicket(createOrder('u-open'), store);
    clearSession(store);
    expect(store.getItem('open_sale_ticket__1__2')).not.toBeNull();
  });
});
