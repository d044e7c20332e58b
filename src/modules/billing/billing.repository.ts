import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';
import type { InvoiceRow } from './billing.types';

export async function invoicePage(
  db: Db,
  accountId: number,
  window: PageRequest,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db('invoices')
      .where({ account_id: accountId })
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .select('*'),
    db('invoices').where({ account_id: accountId }).count({ total: '*' }),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** When the current plan took effect: the newest invoice, or null when there is none (e.g. the demo account). */
export async function latestInvoiceAt(db: Db, accountId: number): Promise<string | null> {
  const row = await db('invoices').where({ account_id: accountId }).orderBy('id', 'desc').first('created_at');
  return row?.created_at ?? null;
}
