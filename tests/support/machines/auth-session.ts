/** A session as the demo manager gets it (README "Demo logins"), for the chart's tests. */
import { PERMISSION_TEMPLATE_ALL_ON } from '../../../src/domain/constants';
import type { AuthSession } from '../../../machines/auth/auth.types';

export const MANAGER_SESSION: AuthSession = {
  token: 'tok-manager',
  expires_at: '2026-12-01T00:00:00.000Z',
  user: {
    id: 3,
    username: 'manager',
    name: 'Maria Lopez',
    first_name: 'Maria',
    last_name: 'Lopez',
    email: null,
    phone: null,
    avatar_path: null,
    role: 'manager',
    store_id: 1,
    login_store_id: 1,
    login_workstation_id: 1,
  },
  permissions: { modules: [...PERMISSION_TEMPLATE_ALL_ON], maximumEmployees: 20 },
  store_id: 1,
  workstation_id: 1,
  initial_settings: {
    storeSettings: {
      store_id: 1,
      store_name: 'Demo Nail Spa',
      default_home: 'employee_checkin_dashboard',
      language: 'vi',
      currency: 'USD',
      timezone: 'America/New_York',
      config_tax_on_tax: 2,
      config_indian_tax: '0',
      creditcard_fee_percent: 3,
      creditcard_fee_to_customer: false,
      offline_card_limit_per_ticket: 0,
      offline_card_limit_total: 0,
    },
    generalSettings: { country_code: 'US', enable_checkin_employee_daily: 0, enterPinCodeScreens: [] },
  },
};
