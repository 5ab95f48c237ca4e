import type { SettingsDocument, SettingsSaved } from '../../src/contracts/settings';
import { MANAGER_SESSION } from '../../tests/support/machines/auth-session';

/** A store's settings document as GET /api/settings answers it. */
export const SETTINGS_DOCUMENT: SettingsDocument = {
  store_id: 1,
  general: { default_home: 'dashboard', language: 'en', currency: 'USD', timezone: 'America/New_York' },
  profile: { store_name: 'Demo Nail Spa', phone: '', email: '', address: '' },
  tax: {
    config_tax_on_tax: 2,
    config_indian_tax: '0',
    taxes: [
      { id: 1, name: 'GST 5', rate: 5, is_active: true },
      { id: 2, name: 'QST 9.5', rate: 9.5, is_active: true },
    ],
  },
  payment: {
    creditcard_fee_percent: 3,
    creditcard_fee_to_customer: false,
    offline_card_limit_per_ticket: 20_000,
    offline_card_limit_total: 100_000,
    cash_drawer_tolerance: 500,
    cash_drawer_required: false,
    providers: { momo: false, vnpay: false, vietqr: true },
  },
  print: {
    receipt_name: 'Demo Nail Spa',
    receipt_address: '',
    receipt_phone: '',
    receipt_footer: 'Thank you!',
  },
  others: { enable_checkin_employee_daily: 0, country_code: 'US' },
  turns: {
    full_turn_from: 0,
    no_turn_below: 0,
    count_requested: false,
    count_appointments: false,
    early_clock_in_bonus: 0,
    opens_at: '',
  },
};

export const SAVED: SettingsSaved = {
  settings: { ...SETTINGS_DOCUMENT, print: { ...SETTINGS_DOCUMENT.print, receipt_footer: 'See you soon' } },
  initial: MANAGER_SESSION.initial_settings,
};
