import { describe, expect, it } from 'vitest';
import {
  isKioskPhone,
  kioskPlan,
  nextKioskStep,
  parseKioskFlag,
  parseKioskFlags,
  previousKioskStep,
} from './kiosk';

const ALL = { employee: true, category: true, service: true };
const NONE = { employee: false, category: false, service: false };

describe('kiosk flags', () => {
  it('reads the usual spellings of yes as on and anything else as off', () => {
    for (const on of ['1', 'true', 'TRUE', ' yes ', 'on', 'Y']) expect(parseKioskFlag(on)).toBe(true);
    for (const off of ['0', 'false', '', 'no', '2', 'emp', undefined, null]) {
      expect(parseKioskFlag(off)).toBe(false);
    }
  });

  it('reads the three segments of an address', () => {
    expect(parseKioskFlags({ isEmp: '1', isCat: '0', isService: 'true' })).toEqual({
      employee: true,
      category: false,
      service: true,
    });
    expect(parseKioskFlags({})).toEqual(NONE);
  });
});

describe('kiosk plan', () => {
  it('sign-in asks the phone, then technician, category and services as the flags say', () => {
    expect(kioskPlan('signIn', ALL)).toEqual(['phone', 'technician', 'category', 'services']);
    expect(kioskPlan('signIn', NONE)).toEqual(['phone']);
    expect(kioskPlan('signIn', { employee: false, category: false, service: true })).toEqual([
      'phone',
      'services',
    ]);
  });

  it('counts the category only where services are chosen', () => {
    expect(kioskPlan('signIn', { employee: true, category: true, service: false })).toEqual([
      'phone',
      'technician',
    ]);
  });

  it('sign-up starts with the form', () => {
    expect(kioskPlan('signUp', ALL)).toEqual(['signUp', 'technician', 'category', 'services']);
    expect(kioskPlan('signUp', NONE)).toEqual(['signUp']);
  });

  it('quick-employees puts the technician first whatever :isEmp says', () => {
    expect(kioskPlan('quickEmployees', NONE)).toEqual(['technician', 'phone']);
    expect(kioskPlan('quickEmployees', ALL)).toEqual(['technician', 'phone', 'category', 'services']);
  });

  it('quick-services puts the services first whatever :isService says, after their category', () => {
    expect(kioskPlan('quickServices', NONE)).toEqual(['services', 'phone']);
    expect(kioskPlan('quickServices', ALL)).toEqual(['category', 'services', 'phone', 'technician']);
  });
});

describe('kiosk steps', () => {
  const plan = kioskPlan('signIn', ALL);

  it('goes forward through the plan to confirm', () => {
    expect(nextKioskStep(plan, 'welcome')).toBe('phone');
    expect(nextKioskStep(plan, 'phone')).toBe('technician');
    expect(nextKioskStep(plan, 'category')).toBe('services');
    expect(nextKioskStep(plan, 'services')).toBe('confirm');
    expect(nextKioskStep([], 'welcome')).toBe('confirm');
  });

  it('continues after the phone from the sign-up form an unknown phone led to', () => {
    expect(nextKioskStep(plan, 'signUp')).toBe('technician');
    expect(nextKioskStep(['phone'], 'signUp')).toBe('confirm');
    expect(nextKioskStep(kioskPlan('signUp', ALL), 'signUp')).toBe('technician');
  });

  it('a step not in the plan leads to confirm', () => {
    expect(nextKioskStep(['phone'], 'services')).toBe('confirm');
  });

  it('goes back through the plan to the welcome', () => {
    expect(previousKioskStep(plan, 'confirm')).toBe('services');
    expect(previousKioskStep(plan, 'technician')).toBe('phone');
    expect(previousKioskStep(plan, 'phone')).toBe('welcome');
    expect(previousKioskStep(plan, 'signUp')).toBe('phone');
    expect(previousKioskStep(kioskPlan('signUp', NONE), 'signUp')).toBe('welcome');
    expect(previousKioskStep([], 'confirm')).toBe('welcome');
    expect(previousKioskStep(['phone'], 'services')).toBe('welcome');
  });

  it('takes a phone of 7 to 20 digits in the customers characters', () => {
    expect(isKioskPhone('(555) 123-4567')).toBe(true);
    expect(isKioskPhone('+84 90 123 4567')).toBe(true);
    expect(isKioskPhone('12345')).toBe(false);
    expect(isKioskPhone('555-CALL-NOW')).toBe(false);
    expect(isKioskPhone('')).toBe(false);
  });
});
