/** Dashboard answers for the dashboard chart's tests: `sales` completed sales in the period. */
import { PAYMENT_TYPES } from '../../src/domain/constants';
import type { DashboardFigures } from '../../src/contracts/dashboard';
import type { DashboardData } from './dashboard.types';

function figures(sales: number): DashboardFigures {
  const net = sales * 4500;
  return {
    sales_count: sales,
    net,
    tips: sales * 300,
    total: net + sales * 300,
    average_ticket: sales === 0 ? 0 : 4500,
    refunds: 0,
    payments: PAYMENT_TYPES.map((t, i) => ({ payment_type: t, amount: i === 0 ? net + sales * 300 : 0 })),
  };
}

export function aDashboard(sales: number, previousSales = 2): DashboardData {
  const range = {
    time_type: 'today' as const,
    start_date: '2026-11-27',
    end_date: '2026-11-27',
    from: '2026-11-27T08:00:00.000Z',
    to: '2026-11-28T08:00:00.000Z',
    timezone: 'America/Los_Angeles',
  };
  return {
    summary: {
      as_of: '2026-11-27T20:00:00.000Z',
      range,
      comparison: {
        start_date: '2026-11-20',
        end_date: '2026-11-20',
        from: '2026-11-20T08:00:00.000Z',
        to: '2026-11-20T20:00:00.000Z',
      },
      current: figures(sales),
      previous: figures(previousSales),
      walk_ins: { waiting: 2, in_service: 1 },
      appointments: { left_today: 3, next_starts_at: '2026-11-27T21:00:00.000Z' },
    },
    details: {
      range,
      by_hour: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        sales_count: hour === 10 ? sales : 0,
        net: hour === 10 ? sales * 4500 : 0,
        total: hour === 10 ? sales * 4800 : 0,
      })),
      by_technician:
        sales === 0
          ? []
          : [{ user_id: 7, name: 'Amy', sales_count: sales, net: sales * 4500, tips: sales * 300 }],
      top_services:
        sales === 0 ? [] : [{ service_id: 3, name: 'Gel manicure', quantity: sales, net: sales * 4500 }],
    },
  };
}
