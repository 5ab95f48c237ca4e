/**
 * The reference of the API benchmark: the same sale written and read by raw `pg` queries, no HTTP, no
 * Fastify, no Drizzle, no validation, no recompute (docs/architecture.md#how-the-work-is-judged: a benchmark
 * prints a ratio to a reference measured in the same run).
 *
 * Create = one transaction with the writes the API's create-sale makes, in its order: the idempotency
 * claim, the three counter upserts (ticket, invoice, daily ticket), the sale, its employee group, its 3
 * lines, its payment, the audit row, the idempotency row set to done with the response, COMMIT. The rows
 * are copies of a sale the API created (row_to_json of its rows, so the widths match: order_snapshot,
 * response_body), with a new uuid, numbers and sale id each time. Get = the sale, its employee groups, lines
 * and payments by id (the four selects the API makes, without the session lookup).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { formatInvoiceNo } from '../../src/server/db/schema/counters';
import { columnsOf, insertFromJson, rowsOf } from '../support/raw-rows';
import type { Row } from '../support/raw-rows';

export interface SaleTemplate {
  tenantId: number;
  storeId: number;
  userId: number;
  storeCode: string;
  sale: Row;
  employees: Row[];
  lines: Row[];
  payments: Row[];
  audit: Row[];
  idempotency: Row;
}

export interface RawSale {
  create(client: pg.PoolClient): Promise<number>;
  get(client: pg.PoolClient, saleId: number): Promise<void>;
}

/** The rows of an API-created sale, as JSON, to copy. */
export async function loadSaleTemplate(client: pg.ClientBase, saleId: number): Promise<SaleTemplate> {
  const [sale] = await rowsOf(client, 'select row_to_json(s) as row from sales s where s.id = $1', [saleId]);
  if (!sale) throw new Error(`sale ${saleId} not found`);
  const by = [sale.tenant_id, saleId];
  const employees = await rowsOf(
    client,
    'select row_to_json(t) as row from sale_employees t where tenant_id = $1 and sale_id = $2',
    by,
  );
  const lines = await rowsOf(
    client,
    'select row_to_json(t) as row from sale_lines t where tenant_id = $1 and sale_id = $2 order by position',
    by,
  );
  const payments = await rowsOf(
    client,
    'select row_to_json(t) as row from sale_payments t where tenant_id = $1 and sale_id = $2',
    by,
  );
  const audit = await rowsOf(
    client,
    `select row_to_json(t) as row from audit_log t where tenant_id = $1 and entity_type = 'sale' and entity_id = $2`,
    [sale.tenant_id, String(saleId)],
  );
  const [idempotency] = await rowsOf(
    client,
    `select row_to_json(t) as row from idempotency_keys t
      where tenant_id = $1 and response_body -> 'data' ->> 'id' = $2::text`,
    [sale.tenant_id, String(saleId)],
  );
  const [store] = await rowsOf(client, 'select row_to_json(t) as row from stores t where id = $1', [
    sale.store_id,
  ]);
  if (!idempotency || !store) throw new Error(`sale ${saleId}: no idempotency row or store`);
  return {
    tenantId: Number(sale.tenant_id),
    storeId: Number(sale.store_id),
    userId: Number(idempotency.user_id),
    storeCode: String(store.code),
    sale,
    employees,
    lines,
    payments,
    audit,
    idempotency,
  };
}

export async function prepareRawSale(client: pg.ClientBase, template: SaleTemplate): Promise<RawSale> {
  // One query at a time: a pg client runs its queries in order anyway, and warns when handed several.
  const saleCols = await columnsOf(client, 'sales');
  const employeeCols = await columnsOf(client, 'sale_employees');
  const lineCols = await columnsOf(client, 'sale_lines');
  const paymentCols = await columnsOf(client, 'sale_payments');
  const auditCols = await columnsOf(client, 'audit_log');
  const sql = {
    claim: `insert into idempotency_keys (tenant_id, user_id, key, fingerprint, status, expires_at)
            values ($1, $2, $3, $4, 'running', now() + interval '8 days') on conflict do nothing returning key`,
    counter: `insert into store_counters (tenant_id, store_id, name, value) values ($1, $2, $3, 1)
              on conflict (tenant_id, store_id, name)
              do update set value = store_counters.value + 1, updated_at = now() returning value`,
    daily: `insert into store_daily_counters (tenant_id, store_id, business_date, value) values ($1, $2, $3, 1)
            on conflict (tenant_id, store_id, business_date)
            do update set value = store_daily_counters.value + 1, updated_at = now() returning value`,
    sale: insertFromJson('sales', saleCols, ' returning id'),
    employees: insertFromJson('sale_employees', employeeCols),
    lines: insertFromJson('sale_lines', lineCols),
    payments: insertFromJson('sale_payments', paymentCols),
    audit: insertFromJson('audit_log', auditCols),
    done: `update idempotency_keys set status = 'done', response_status = 201, response_body = $4::jsonb
            where tenant_id = $1 and user_id = $2 and key = $3`,
    getSale: `select * from sales where tenant_id = $1 and store_id = $2 and id = $3 and cleared_at is null limit 1`,
    getEmployees: `select * from sale_employees where tenant_id = $1 and store_id = $2 and sale_id = $3
                   order by position, id`,
    getLines: `select * from sale_lines where tenant_id = $1 and store_id = $2 and sale_id = $3 order by position, id`,
    getPayments: `select * from sale_payments where tenant_id = $1 and store_id = $2 and sale_id = $3 order by id`,
  };
  const t = template;
  const businessDate = String(t.sale.business_date);
  const responseBody = JSON.stringify(t.idempotency.response_body);
  const fingerprint = String(t.idempotency.fingerprint);

  return {
    async create(client) {
      const key = randomUUID();
      const uuid = randomUUID();
      await client.query('begin');
      try {
        await client.query(sql.claim, [t.tenantId, t.userId, key, fingerprint]);
        const ticket = await client.query<{ value: string }>(sql.counter, [t.tenantId, t.storeId, 'ticket']);
        const invoice = await client.query<{ value: string }>(sql.counter, [
          t.tenantId,
          t.storeId,
          'invoice',
        ]);
        const daily = await client.query<{ value: string }>(sql.daily, [t.tenantId, t.storeId, businessDate]);
        const sale = await client.query<{ id: string }>(sql.sale, [
          JSON.stringify([
            {
              ...t.sale,
              uuid,
              ticket_no: Number(ticket.rows[0]!.value),
              invoice_no: formatInvoiceNo(t.storeCode, Number(invoice.rows[0]!.value)),
              daily_ticket_no: Number(daily.rows[0]!.value),
              order_at: new Date().toISOString(),
            },
          ]),
        ]);
        const saleId = Number(sale.rows[0]!.id);
        const of = (rows: Row[]) => JSON.stringify(rows.map((r) => ({ ...r, sale_id: saleId })));
        await client.query(sql.employees, [of(t.employees)]);
        await client.query(sql.lines, [of(t.lines)]);
        await client.query(sql.payments, [of(t.payments)]);
        await client.query(sql.audit, [
          JSON.stringify(t.audit.map((r) => ({ ...r, entity_id: String(saleId) }))),
        ]);
        await client.query(sql.done, [t.tenantId, t.userId, key, responseBody]);
        await client.query('commit');
        return saleId;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },

    async get(client, saleId) {
      const by = [t.tenantId, t.storeId, saleId];
      const sale = await client.query(sql.getSale, by);
      if (sale.rowCount !== 1) throw new Error(`sale ${saleId} not found`);
      await client.query(sql.getEmployees, by);
      await client.query(sql.getLines, by);
      await client.query(sql.getPayments, by);
    },
  };
}
