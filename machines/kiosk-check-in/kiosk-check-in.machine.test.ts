import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { KioskVariant } from '../../src/domain/kiosk';
import { offline } from '../../tests/support/machines/api-failures';
import { CATALOG, CHECKED_IN, LAN, MAI, PHONE } from './kiosk-check-in.fixtures';
import { KIOSK_DONE_DELAY, KIOSK_IDLE_DELAY, kioskCheckInMachine } from './kiosk-check-in.machine';
import { possibleNext, possiblePrevious, servicesShown } from './kiosk-check-in.rules';
import type { KioskCheckInInput, KioskKnownCustomer, KioskSignUpInput } from './kiosk-check-in.types';

const ALL = { employee: true, category: true, service: true };

function start(
  variant: KioskVariant,
  options: { customer?: KioskKnownCustomer | null; checkIns?: Array<() => Promise<typeof CHECKED_IN>> } = {},
) {
  const calls: KioskCheckInInput[] = [];
  const signUps: KioskSignUpInput[] = [];
  const clock = new SimulatedClock();
  let ids = 0;
  const machine = kioskCheckInMachine.provide({
    actors: {
      loadCatalog: fromPromise(() => Promise.resolve(CATALOG)),
      findCustomer: fromPromise(() => Promise.resolve(options.customer ?? null)),
      signUp: fromPromise(({ input }: { input: KioskSignUpInput }) => {
        signUps.push(input);
        return Promise.resolve(LAN);
      }),
      checkIn: fromPromise(({ input }: { input: KioskCheckInInput }) => {
        calls.push(input);
        const next = options.checkIns?.shift();
        return next ? next() : Promise.resolve(CHECKED_IN);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { variant, flags: ALL, createId: () => `uuid-${++ids}` },
    clock,
  }).start();
  return { actor, calls, signUps, clock };
}

describe('kioskCheckIn', () => {
  it('signs a known customer in by phone, with a technician, a category and a service', async () => {
    const { actor, calls } = start('signIn', { customer: MAI });
    await waitFor(actor, (s) => s.matches('welcome'));
    actor.send({ type: 'start' });
    actor.send({ type: 'phone.submit', phone: PHONE });
    await waitFor(actor, (s) => s.matches({ visit: 'known' }));
    expect(actor.getSnapshot().context.customer).toEqual(MAI);
    actor.send({ type: 'next' });
    actor.send({ type: 'technician.choose', id: 2 });
    actor.send({ type: 'category.choose', id: 10 });
    actor.send({ type: 'service.toggle', id: 101 }); // a spa service is not shown under nails
    actor.send({ type: 'next' });
    expect(actor.getSnapshot().matches({ visit: 'services' })).toBe(true);
    actor.send({ type: 'service.toggle', id: 100 });
    actor.send({ type: 'next' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      { uuid: 'uuid-1', customerHandle: 'handle-7', technicianId: 2, serviceIds: [100] },
    ]);
  });

  it('an unknown phone leads to the sign-up form, then on through the plan', async () => {
    const { actor, calls, signUps } = start('signIn');
    await waitFor(actor, (s) => s.matches('welcome'));
    actor.send({ type: 'start' });
    actor.send({ type: 'phone.submit', phone: PHONE });
    await waitFor(actor, (s) => s.matches({ visit: 'signUp' }));
    const form = { first_name: ' Lan ', last_name: 'Pham', email: '', birthday: '' };
    actor.send({ type: 'signUp.submit', form });
    await waitFor(actor, (s) => s.matches({ visit: 'technician' }));
    expect(signUps).toEqual([{ phone: PHONE, form: { ...form, first_name: 'Lan' } }]);
    actor.send({ type: 'technician.choose', id: null });
    actor.send({ type: 'category.choose', id: null });
    actor.send({ type: 'service.toggle', id: 101 });
    actor.send({ type: 'next' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]).toMatchObject({ customerHandle: 'handle-8', technicianId: null });
  });

  it('keeps the uuid through an offline wait, so the retried check-in is the same one', async () => {
    const { actor, calls } = start('quickEmployees', {
      customer: MAI,
      checkIns: [() => Promise.reject(offline)],
    });
    await waitFor(actor, (s) => s.matches('welcome'));
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().matches({ visit: 'technician' })).toBe(true);
    actor.send({ type: 'technician.choose', id: 1 });
    actor.send({ type: 'phone.submit', phone: PHONE });
    await waitFor(actor, (s) => s.matches({ visit: 'known' }));
    actor.send({ type: 'next' });
    actor.send({ type: 'category.choose', id: 10 });
    actor.send({ type: 'service.toggle', id: 100 });
    actor.send({ type: 'next' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((c) => c.uuid)).toEqual(['uuid-1', 'uuid-1']);
  });

  it('thanks the customer, then forgets them and waits for the next one', async () => {
    const { actor, clock } = start('quickServices', { customer: MAI });
    await waitFor(actor, (s) => s.matches('welcome'));
    actor.send({ type: 'start' });
    actor.send({ type: 'category.choose', id: 20 });
    actor.send({ type: 'service.toggle', id: 101 });
    actor.send({ type: 'next' });
    actor.send({ type: 'phone.submit', phone: PHONE });
    await waitFor(actor, (s) => s.matches({ visit: 'known' }));
    actor.send({ type: 'next' });
    actor.send({ type: 'technician.choose', id: 1 });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.checkedIn).toEqual(CHECKED_IN);
    clock.increment(KIOSK_DONE_DELAY);
    expect(actor.getSnapshot().value).toBe('welcome');
    expect(actor.getSnapshot().context).toMatchObject({
      phone: '',
      customer: null,
      serviceIds: [],
      uuid: null,
    });
  });

  it('goes back to the welcome when a customer walks away mid-way', async () => {
    const { actor, clock } = start('signUp');
    await waitFor(actor, (s) => s.matches('welcome'));
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().matches({ visit: 'signUp' })).toBe(true);
    // The sign-up address asks the phone on the form: without one the form is not sent.
    actor.send({
      type: 'signUp.submit',
      form: { first_name: 'Lan', last_name: '', email: '', birthday: '' },
    });
    expect(actor.getSnapshot().matches({ visit: 'signUp' })).toBe(true);
    clock.increment(KIOSK_IDLE_DELAY);
    expect(actor.getSnapshot().value).toBe('welcome');
  });
});

describe('kiosk rules', () => {
  it('declares only the arrows some address takes', () => {
    expect(possibleNext('welcome')).toEqual(['phone', 'signUp', 'technician', 'services', 'category']);
    expect(possibleNext('category')).toEqual(['services']);
    expect(possiblePrevious('phone')).toEqual(['welcome', 'technician', 'services']);
  });

  it('shows the services of the chosen category, or all', () => {
    expect(servicesShown(CATALOG, 20).map((s) => s.id)).toEqual([101]);
    expect(servicesShown(CATALOG, null)).toHaveLength(2);
    expect(servicesShown(null, null)).toEqual([]);
  });
});
