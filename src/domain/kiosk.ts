/**
 * The walk-in kiosk's steps (docs/walk-in-screens.md#the-customer-kiosk): which steps a kiosk address enables and
 * in which order the customer meets them. The four public addresses carry three flags,
 * `/:isEmp/:isCat/:isService`, deciding whether the customer picks a technician, a category and services; the
 * address itself decides how the customer is known (by phone, or a sign-up form) and what comes first.
 *
 * Shared by the kiosk chart (machines/kiosk-check-in), which walks the plan, and the kiosk screen, which reads
 * the flags from the address. Pure: no address parsing beyond the flag text.
 */

/** The four kiosk addresses (docs/walk-in-screens.md#the-customer-kiosk), by what they do. */
export type KioskVariant = 'signIn' | 'signUp' | 'quickEmployees' | 'quickServices';

export const KIOSK_VARIANTS: readonly KioskVariant[] = [
  'signIn',
  'signUp',
  'quickEmployees',
  'quickServices',
];

export interface KioskFlags {
  /** :isEmp: the customer picks a technician (or "anyone"). */
  employee: boolean;
  /** :isCat: the customer picks a category first (narrowing the services shown). */
  category: boolean;
  /** :isService: the customer picks the services they want. */
  service: boolean;
}

/**
 * One step of the kiosk: `phone` (sign in by phone; an unknown phone leads to the sign-up form), `signUp` (the
 * form for a new customer), `technician`, `category`, `services`. `confirm` always ends the plan and is not
 * listed.
 */
export type KioskStep = 'phone' | 'signUp' | 'technician' | 'category' | 'services';

/**
 * A flag segment of the address as on or off. The addresses are typed by people setting up a tablet, so the
 * usual spellings of "yes" are accepted ('1', 'true', 'yes', 'on', any case); everything else, an empty or a
 * missing segment included, is off, so a typo never shows a step nobody asked for.
 */
export function parseKioskFlag(segment: string | undefined | null): boolean {
  if (segment === undefined || segment === null) return false;
  return ['1', 'true', 'yes', 'on', 'y'].includes(segment.trim().toLowerCase());
}

export function parseKioskFlags(segments: {
  isEmp?: string | null;
  isCat?: string | null;
  isService?: string | null;
}): KioskFlags {
  return {
    employee: parseKioskFlag(segments.isEmp),
    category: parseKioskFlag(segments.isCat),
    service: parseKioskFlag(segments.isService),
  };
}

/**
 * The steps of an address, in order (confirm follows the last):
 * - sign-in: phone, then the choices its flags enable (technician, category, services);
 * - sign-up: the sign-up form, then the choices;
 * - quick-employees: the technician first, whatever :isEmp says (choosing one is what the address is for), then
 *   the phone, then category and services by their flags;
 * - quick-services: the services first, whatever :isService says, after their category when :isCat is on, then
 *   the phone, then the technician by :isEmp.
 * A category without services would choose nothing the desk can use, so :isCat only counts where services are
 * chosen.
 */
export function kioskPlan(variant: KioskVariant, flags: KioskFlags): KioskStep[] {
  const category: KioskStep[] = flags.category ? ['category'] : [];
  const technician: KioskStep[] = flags.employee ? ['technician'] : [];
  const services: KioskStep[] = flags.service ? [...category, 'services'] : [];
  switch (variant) {
    case 'signIn':
      return ['phone', ...technician, ...services];
    case 'signUp':
      return ['signUp', ...technician, ...services];
    case 'quickEmployees':
      return ['technician', 'phone', ...services];
    case 'quickServices':
      return [...category, 'services', 'phone', ...technician];
  }
}

/**
 * The step after `from` in the plan: 'confirm' after the last. From `signUp` (reached from `phone` when the
 * phone is unknown, so not itself in a sign-in plan), the step after `phone`. From `welcome`, the first.
 */
export function nextKioskStep(
  plan: readonly KioskStep[],
  from: KioskStep | 'welcome',
): KioskStep | 'confirm' {
  if (from === 'welcome') return plan[0] ?? 'confirm';
  const at = plan.indexOf(from === 'signUp' && !plan.includes('signUp') ? 'phone' : from);
  if (at === -1) return 'confirm';
  return plan[at + 1] ?? 'confirm';
}

/**
 * The step before `from` ('welcome' before the first). Back from the sign-up form a sign-in plan reached from
 * the phone goes to the phone; back from `confirm` to the last step.
 */
export function previousKioskStep(
  plan: readonly KioskStep[],
  from: KioskStep | 'confirm',
): KioskStep | 'welcome' {
  if (from === 'confirm') return plan.at(-1) ?? 'welcome';
  if (from === 'signUp' && !plan.includes('signUp')) return 'phone';
  const at = plan.indexOf(from);
  if (at <= 0) return 'welcome';
  return plan[at - 1] ?? 'welcome';
}

/** The kiosk's phone rule: the customers' characters, at least 7 digits once normalised (a local number). */
export function isKioskPhone(phone: string): boolean {
  return /^[0-9+\-\s()]*$/.test(phone) && /^\+?\d{7,20}$/.test(phone.replace(/[-\s()]/g, ''));
}
