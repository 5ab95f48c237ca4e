/**
 * The lines employees sold in a range (docs/reports.md, "Employee income" and "Summary details"): the lines of
 * the completed sales (by the sale's order time), each with its sale's numbers, its employee and their pay
 * settings, and what the payroll reads of it (preview-data.ts: the net and deductible less refunded quantities).
 * A line's payroll commission is the payroll rules' own (src/domain/payroll/commission.ts) on that line alone:
 * exact for a line paid line by line, null for a service paid on the period's tiered base.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { EmployeeLine } from '../../contracts/reports-income';
import { DEFAULT_CURRENCY } from '../../domain/constants';
import { isProductLine, isServiceLine, productCommission, serviceCommission } from '../../domain/payroll';
import { paidLinesSql, payrollLineOf } from '../payroll/preview-data';
import { technicianSettingsOf } from '../payroll/preview';
import { countedSales, lineFilter } from './employee-figures';
import { payrollScope } from './income-data';
import type { ReportContext, ReportRecord } from './report-factory';

export function employeeLinesSql(ctx: ReportContext): SQL {
  return sql`with s as (${countedSales(ctx)}), pl as (${paidLinesSql(payrollScope(ctx))})
    select l.id as line_id, s.id as sale_id, sa.ticket_no, sa.invoice_no, sa.order_at, s.day::text as date,
      l.employee_id as user_id, u.display_name as name, l.item_type, l.name as item_name, l.quantity,
      l.refunded_quantity, l.gross, l.item_discount + l.employee_discount as discounts, l.net, l.tax,
      l.deductible, l.commission as stored_commission, u.commission_rate as user_rate, u.pay_settings,
      st.currency, pl.line_id as pay_line_id, pl.net as pay_net, pl.deductible as pay_deductible,
      pl.commission_rate as own_rate
    from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      join sales sa on sa.tenant_id = s.tenant_id and sa.id = s.id
      join users u on u.tenant_id = l.tenant_id and u.id = l.employee_id
      join stores st on st.tenant_id = ${ctx.tenantId} and st.id = ${ctx.storeId}
      left join pl on pl.line_id = l.id
    where true${lineFilter(ctx, 'l')}`;
}

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

/** The payroll's deduction, rate and commission of one line, or none (a gift card, a line refunded whole). */
function payOfLine(record: ReportRecord): Pick<EmployeeLine, 'deduction' | 'commission_rate' | 'commission'> {
  const none = { deduction: 0, commission_rate: null, commission: 0 };
  if (record.pay_line_id === null || record.pay_line_id === undefined) return none;
  const userId = num(record, 'user_id');
  const line = payrollLineOf({
    ...record,
    line_id: record.pay_line_id,
    net: record.pay_net,
    deductible: record.pay_deductible,
    commission_rate: record.own_rate,
  });
  const own = technicianSettingsOf(record.pay_settings, num(record, 'user_rate'));
  if (!own.ok) return { deduction: 0, commission_rate: null, commission: null };
  const currency = String(record.currency ?? DEFAULT_CURRENCY);
  if (isServiceLine(line)) {
    const paid = serviceCommission([line], userId, own.settings.service, currency).lines[0];
    return {
      deduction: paid?.deduction ?? 0,
      commission_rate: paid?.ownRate ?? null,
      commission: paid?.commission ?? null,
    };
  }
  if (isProductLine(line)) {
    const paid = productCommission([line], userId, own.settings.productRate, currency).lines[0];
    return { deduction: 0, commission_rate: paid?.rate ?? null, commission: paid?.commission ?? 0 };
  }
  return none;
}

export function employeeLineOf(record: ReportRecord): EmployeeLine {
  const orderAt = record.order_at instanceof Date ? record.order_at : new Date(String(record.order_at));
  return {
    line_id: num(record, 'line_id'),
    sale_id: num(record, 'sale_id'),
    ticket_no: num(record, 'ticket_no'),
    invoice_no: String(record.invoice_no ?? ''),
    order_at: orderAt.toISOString(),
    date: String(record.date),
    user_id: num(record, 'user_id'),
    name: String(record.name ?? ''),
    item_type: num(record, 'item_type'),
    item_name: String(record.item_name ?? ''),
    quantity: num(record, 'quantity'),
    refunded_quantity: num(record, 'refunded_quantity'),
    gross: num(record, 'gross'),
    discounts: num(record, 'discounts'),
    net: num(record, 'net'),
    tax: num(record, 'tax'),
    stored_commission: num(record, 'stored_commission'),
    ...payOfLine(record),
  };
}
