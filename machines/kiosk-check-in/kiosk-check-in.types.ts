import type { KioskFlags, KioskStep, KioskVariant } from '../../src/domain/kiosk';
import type { ResourceError } from '../resource/resource.types';

/** Which kiosk address the chart runs (app/routes.ts walkInSignIn...): the variant and its three flags. */
export interface KioskInput {
  variant: KioskVariant;
  flags: KioskFlags;
  /** New ids (the check-in's uuid, kept across retries). Default globalThis.crypto.randomUUID. */
  createId?: () => string;
}

export interface KioskTechnician {
  id: number;
  name: string;
}

export interface KioskCategory {
  id: number;
  name: string;
}

export interface KioskService {
  id: number;
  name: string;
  /** Null when the service sits in no category. */
  category_id: number | null;
  /** Minor units; the kiosk shows it, the server reads the catalog's. */
  price: number;
}

/** What the kiosk shows: the store's name, its technicians on shift, its categories and services. */
export interface KioskCatalog {
  store_name: string;
  technicians: KioskTechnician[];
  categories: KioskCategory[];
  services: KioskService[];
}

/**
 * The customer the kiosk is talking to: enough to greet them, never more (the kiosk is public), and the
 * server's opaque handle that later calls send instead of an id (src/contracts/kiosk.ts).
 */
export interface KioskKnownCustomer {
  handle: string;
  first_name: string;
  last_initial: string;
}

/** The sign-up form. */
export interface KioskSignUp {
  first_name: string;
  last_name: string;
  email: string;
  birthday: string;
}

/** What the sign-up call is given: the form and the phone typed before it (or on it). */
export interface KioskSignUpInput {
  phone: string;
  form: KioskSignUp;
}

/** What the check-in call is given. */
export interface KioskCheckInInput {
  uuid: string;
  customerHandle: string;
  /** The technician asked for; null = anyone. */
  technicianId: number | null;
  serviceIds: number[];
}

/** The check-in's answer: who was checked in, and how many wait before them. */
export interface KioskCheckedIn {
  name: string;
  ahead: number;
}

export interface KioskContext {
  variant: KioskVariant;
  flags: KioskFlags;
  plan: readonly KioskStep[];
  catalog: KioskCatalog | null;
  phone: string;
  customer: KioskKnownCustomer | null;
  signUp: KioskSignUp | null;
  technicianId: number | null;
  categoryId: number | null;
  serviceIds: readonly number[];
  /** The check-in's uuid: made at the first confirm, kept through retries, dropped on a new customer. */
  uuid: string | null;
  checkedIn: KioskCheckedIn | null;
  /** The last failure (load, lookup or check-in). */
  error: ResourceError | null;
  createId: () => string;
}

export type KioskEvent =
  | { type: 'start' }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'phone.submit'; phone: string }
  | { type: 'signUp.submit'; form: KioskSignUp; phone?: string }
  | { type: 'technician.choose'; id: number | null }
  | { type: 'category.choose'; id: number | null }
  | { type: 'service.toggle'; id: number }
  | { type: 'confirm' };
