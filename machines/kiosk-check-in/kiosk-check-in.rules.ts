/**
 * Pure rules of the kiosk chart: which step may follow which over every kiosk address (so the chart declares
 * only the arrows some address can take), what a service pick keeps, and what the check-in call is given.
 */
import { KIOSK_VARIANTS, kioskPlan, nextKioskStep, previousKioskStep } from '../../src/domain/kiosk';
import type { KioskFlags, KioskStep } from '../../src/domain/kiosk';
import { toResourceError } from '../resource/resource.rules';
import type { KioskCatalog, KioskCheckInInput, KioskContext, KioskService } from './kiosk-check-in.types';

const FLAG_SETS: readonly KioskFlags[] = [false, true].flatMap((employee) =>
  [false, true].flatMap((category) => [false, true].map((service) => ({ employee, category, service }))),
);

/** Every plan an address can make: four variants by eight flag sets. */
export const ALL_PLANS: readonly (readonly KioskStep[])[] = KIOSK_VARIANTS.flatMap((variant) =>
  FLAG_SETS.map((flags) => kioskPlan(variant, flags)),
);

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** The steps some address goes to after `from` (in a stable order), for the chart's guarded arrows. */
export function possibleNext(from: KioskStep | 'welcome'): Array<KioskStep | 'confirm'> {
  return unique(
    ALL_PLANS.filter((plan) => from === 'welcome' || plan.includes(from) || from === 'signUp').map((plan) =>
      nextKioskStep(plan, from),
    ),
  );
}

/** The steps some address goes back to from `from`. */
export function possiblePrevious(from: KioskStep | 'confirm'): Array<KioskStep | 'welcome'> {
  return unique(
    ALL_PLANS.filter(
      (plan) => from === 'confirm' || plan.includes(from) || (from === 'signUp' && plan.includes('phone')),
    ).map((plan) => previousKioskStep(plan, from)),
  );
}

/** The services shown: the chosen category's, or all when none is chosen (or the address has no category step). */
export function servicesShown(catalog: KioskCatalog | null, categoryId: number | null): KioskService[] {
  if (!catalog) return [];
  return categoryId === null
    ? catalog.services
    : catalog.services.filter((service) => service.category_id === categoryId);
}

export function toggleService(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((s) => s !== id) : [...ids, id];
}

export function checkInInput(context: KioskContext): KioskCheckInInput {
  return {
    uuid: context.uuid ?? '',
    customerHandle: context.customer?.handle ?? '',
    technicianId: context.technicianId,
    serviceIds: [...context.serviceIds],
  };
}

export function isOfflineFailure(error: unknown): boolean {
  return toResourceError(error).kind === 'offline';
}
