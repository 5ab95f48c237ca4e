/**
 * Pure rules of the customer picker: when a query is worth sending, what a new customer's form starts with,
 * the form checks a person can fix before sending (the same as src/contracts/customers.ts, which a machine may
 * not import as values: it pulls zod), how a failed call reads on screen, and the order's view of a customer.
 * Codes are i18n keys (common namespace, `saleExtras.customer` and `api` groups).
 */
import { normalisePhone } from '../../src/domain/normalise';
import type { OrderCustomer } from '../../src/domain/order.types';
import type {
  CustomerDetail,
  CustomerForm,
  CustomerListItem,
  FieldProblem,
  PickerError,
  RequestFailure,
} from './customer-picker.types';

/** One character matches half the salon; two narrow a name or a phone prefix to a page. */
export const MIN_SEARCH_LENGTH = 2;
/** Typing pauses shorter than this are one search (a cashier types about 5 characters a second). */
export const SEARCH_DELAY_MS = 300;

const ERRORS = 'saleExtras.customer.errors';

export function isSearchable(query: string): boolean {
  return query.trim().length >= MIN_SEARCH_LENGTH;
}

export const EMPTY_FORM: Readonly<CustomerForm> = Object.freeze({
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  birthday: '',
  notes: '',
});

/** Digits with the usual phone punctuation: what the contract accepts as a phone (PHONE_CHARACTERS). */
const PHONE_TEXT = /^[0-9+\-\s().]+$/;

/**
 * A new customer's form from what was searched: nobody found means the cashier typed the customer's phone
 * or name, and should not have to type it twice.
 */
export function formFromQuery(query: string): CustomerForm {
  const text = query.trim();
  if (text === '') return { ...EMPTY_FORM };
  if (PHONE_TEXT.test(text) && /\d/.test(text)) return { ...EMPTY_FORM, phone: text };
  const [first = '', ...rest] = text.split(/\s+/);
  return { ...EMPTY_FORM, first_name: first, last_name: rest.join(' ') };
}

export function formFromDetail(customer: CustomerDetail): CustomerForm {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    birthday: customer.birthday ?? '',
    notes: customer.notes ?? '',
  };
}

/** Trimmed values: what is sent and what the idempotency fingerprint is taken of. */
export function cleanForm(form: CustomerForm): CustomerForm {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    birthday: form.birthday.trim(),
    notes: form.notes.trim(),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NORMALISED_PHONE = /^\+?\d{4,20}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '1900-01-01';
}

/**
 * The contract's checks (createCustomerBody) that need no server: a first name, a phone of 4 to 20 digits
 * once dashes, spaces and parentheses are gone (docs/money.md), an email, a real date. A birthday in the
 * future is left to the server, which knows the store's day.
 */
export function validateForm(form: CustomerForm): PickerError | null {
  const f = cleanForm(form);
  const fields: Record<string, FieldProblem> = {};
  if (f.first_name === '') {
    fields.first_name = { code: `${ERRORS}.firstNameRequired`, message: 'Enter the first name.' };
  } else if (f.first_name.length > 100 || f.last_name.length > 100) {
    fields[f.first_name.length > 100 ? 'first_name' : 'last_name'] = {
      code: `${ERRORS}.nameTooLong`,
      message: 'A name is at most 100 characters.',
    };
  }
  if (f.phone !== '' && (!PHONE_TEXT.test(f.phone) || !NORMALISED_PHONE.test(normalisePhone(f.phone)))) {
    fields.phone = {
      code: `${ERRORS}.phoneInvalid`,
      message: 'Enter a valid phone number (digits, with an optional leading +).',
    };
  }
  if (f.email !== '' && (!EMAIL.test(f.email) || f.email.length > 254)) {
    fields.email = { code: `${ERRORS}.emailInvalid`, message: 'Enter a valid email address.' };
  }
  if (f.birthday !== '' && !isRealDate(f.birthday)) {
    fields.birthday = { code: `${ERRORS}.birthdayInvalid`, message: 'Enter the birthday as YYYY-MM-DD.' };
  }
  if (f.notes.length > 2000) {
    fields.notes = { code: `${ERRORS}.notesTooLong`, message: 'Notes are at most 2000 characters.' };
  }
  if (Object.keys(fields).length === 0) return null;
  return { code: `${ERRORS}.invalid`, message: 'Check the highlighted fields.', fields };
}

/** Same form, same intent: the key is reused only for exactly what was sent before. */
export function formFingerprint(customerId: number | null, form: CustomerForm): string {
  return JSON.stringify([customerId, cleanForm(form)]);
}

export function isRequestFailure(error: unknown): error is RequestFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The server's field messages with a code where the screen has its own words for them. */
function serverFieldProblems(errors: Record<string, string[]>): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0] ?? '';
    let code: string | null = null;
    // The only phone refusal a valid-looking phone can still get is "already exists" (services/customers.ts).
    if (field === 'phone')
      code = /already/i.test(message) ? `${ERRORS}.phoneTaken` : `${ERRORS}.phoneInvalid`;
    else if (field === 'email') code = `${ERRORS}.emailInvalid`;
    else if (field === 'birthday') code = `${ERRORS}.birthdayInvalid`;
    out[field] = { code, message };
  }
  return out;
}

/** How a failed call reads: the statuses docs/api.md#the-client passes to the caller, and the connection failures. */
export function pickerError(error: unknown): PickerError {
  if (!isRequestFailure(error)) {
    return { code: 'api.errors.unexpected', message: 'Something went wrong. Please try again.' };
  }
  if (error.status === 0 && error.kind === 'timeout')
    return { code: 'api.errors.timeout', message: error.message };
  if (error.status === 0) return { code: 'api.errors.network', message: error.message };
  if (error.status === 403) return { code: `${ERRORS}.forbidden`, message: error.message };
  if (error.status === 404) return { code: `${ERRORS}.notFound`, message: error.message };
  if (error.status === 422) {
    const fields = error.errors ? serverFieldProblems(error.errors) : undefined;
    return { code: `${ERRORS}.invalid`, message: error.message, ...(fields ? { fields } : {}) };
  }
  return { code: 'api.errors.unexpected', message: error.message };
}

/** The order's customer (domain OrderCustomer): name, phone, points and the membership with its discount. */
export function toOrderCustomer(customer: CustomerListItem | CustomerDetail): OrderCustomer {
  return {
    id: customer.id,
    name: customer.name,
    ...(customer.phone ? { telephone: customer.phone } : {}),
    point_balance: customer.point_balance,
    membership: customer.membership
      ? {
          id: customer.membership.id,
          name: customer.membership.name,
          discount: customer.membership.discount,
          ...(customer.membership.expires_on !== undefined
            ? { expires_on: customer.membership.expires_on }
            : {}),
        }
      : null,
  };
}
