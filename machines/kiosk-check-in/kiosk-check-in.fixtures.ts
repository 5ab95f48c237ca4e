/** The catalog and answers the kiosk chart's tests share (its unit tests and its path tests). */
import type { KioskCatalog, KioskCheckedIn, KioskKnownCustomer } from './kiosk-check-in.types';

/** Anna and Binh on shift; nails (a gel manicure) and spa (a pedicure). */
export const CATALOG: KioskCatalog = {
  store_name: 'Demo Nails',
  technicians: [
    { id: 1, name: 'Anna Nguyen' },
    { id: 2, name: 'Binh Tran' },
  ],
  categories: [
    { id: 10, name: 'Nails' },
    { id: 20, name: 'Spa' },
  ],
  services: [
    { id: 100, name: 'Gel manicure', category_id: 10, price: 3500 },
    { id: 101, name: 'Pedicure', category_id: 20, price: 4000 },
  ],
};

export const MAI: KioskKnownCustomer = { handle: 'handle-7', first_name: 'Mai', last_initial: 'P' };

export const LAN: KioskKnownCustomer = { handle: 'handle-8', first_name: 'Lan', last_initial: '' };

export const CHECKED_IN: KioskCheckedIn = { name: 'Mai P.', ahead: 2 };

export const PHONE = '(555) 123-4567';
