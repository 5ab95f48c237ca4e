import type { SnapshotFrom } from 'xstate';
import type { KioskStep } from '../../src/domain/kiosk';
import type { ResourceError } from '../resource/resource.types';
import type { KioskCheckInMachine } from './kiosk-check-in.machine';
import { servicesShown } from './kiosk-check-in.rules';
import type {
  KioskCatalog,
  KioskCheckedIn,
  KioskKnownCustomer,
  KioskService,
  KioskSignUp,
} from './kiosk-check-in.types';

type Snapshot = SnapshotFrom<KioskCheckInMachine>;

/** The screen the kiosk shows: a top state, or the step of the visit. */
export type KioskScreen =
  | 'loading'
  | 'unavailable'
  | 'welcome'
  | 'lookingUp'
  | 'signingUp'
  | 'known'
  | 'confirm'
  | 'submitting'
  | 'offline'
  | 'failed'
  | 'done'
  | KioskStep;

export const selectKioskScreen = (s: Snapshot): KioskScreen => {
  if (s.matches('refreshing')) return 'welcome';
  if (typeof s.value === 'string') return s.value as KioskScreen;
  return (s.value as { visit: KioskScreen }).visit;
};

export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectCatalog = (s: Snapshot): KioskCatalog | null => s.context.catalog;
export const selectCustomer = (s: Snapshot): KioskKnownCustomer | null => s.context.customer;
export const selectSignUp = (s: Snapshot): KioskSignUp | null => s.context.signUp;
export const selectPhone = (s: Snapshot): string => s.context.phone;
export const selectTechnicianId = (s: Snapshot): number | null => s.context.technicianId;
export const selectCategoryId = (s: Snapshot): number | null => s.context.categoryId;
export const selectServiceIds = (s: Snapshot): readonly number[] => s.context.serviceIds;
export const selectError = (s: Snapshot): ResourceError | null => s.context.error;
export const selectCheckedIn = (s: Snapshot): KioskCheckedIn | null => s.context.checkedIn;
export const selectCanContinue = (s: Snapshot): boolean => s.can({ type: 'next' });

/** The services of the services step: the chosen category's, or all. */
export const toServicesShown = (catalog: KioskCatalog | null, categoryId: number | null): KioskService[] =>
  servicesShown(catalog, categoryId);

/** The technician asked for, by name; null when the customer takes anyone (or was not asked). */
export const selectTechnicianName = (s: Snapshot): string | null =>
  s.context.catalog?.technicians.find((t) => t.id === s.context.technicianId)?.name ?? null;

/** The picked services, in the catalog's order. */
export const selectChosenServices = (s: Snapshot): KioskService[] =>
  s.context.catalog?.services.filter((service) => s.context.serviceIds.includes(service.id)) ?? [];

/** Whether this address asks for a technician at all (the confirm step says "anyone" only then). */
export const selectAsksTechnician = (s: Snapshot): boolean => s.context.plan.includes('technician');
export const selectAsksServices = (s: Snapshot): boolean => s.context.plan.includes('services');
