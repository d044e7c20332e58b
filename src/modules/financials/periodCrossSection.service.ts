import type { Db } from '../../db/connection';
import {
  financialsVersion,
  storedPeriodRecords,
  storePeriodRecords,
  type PeriodKey,
  type PeriodRecords,
} from '../../db/storedPeriods';
import { noData } from '../../domain/api/errors';
import { sameFields } from '../../domain/api/fields';
import { paginationOf } from '../../domain/api/pagination';
import type { PeriodCrossSectionQuery, StatementQuery } from '../../domain/statements/statementQuery';
import { okPageText } from '../../http/envelope';
import type { JsonText } from '../../http/answers/answerStore';
import { derivedLayout } from '../../paths';
import type { CodeHistory } from '../common/codeHistory.service';
import { recordOfFields } from './containers.serializer';
import { codesWithPeriod } from './financials.repository';
import { STATEMENTS, type StatementName } from './statementKinds.service';

type Listed = Awaited<ReturnType<typeof codesWithPeriod>>;
type Built = Readonly<Record<string, unknown>>;
/** A company's record: built now (an object), or JSON text (written for the store now, or read from it). */
type PeriodRecord = Built | string | Buffer;

/** The page's companies read as the per-symbol routes read them, in one pass for the whole page. */
function pageQuery(query: PeriodCrossSectionQuery, listed: Listed): StatementQuery {
  return {
    symbols: [...listed.names.keys()],
    single: false,
    kind: query.kind,
    reportType: query.reportType,
    begin: query.reportDate,
    end: query.reportDate,
    asOf: query.asOf,
    limit: 1,
    offset: 0,
    periodKnown: true,
    names: listed.names,
  };
}

/** A page's records, and what keeps them for the next reads once the answer is sent. */
interface PageRecords {
  records: ReadonlyMap<string, PeriodRecord>;
  keep?: () => void;
}

/**
 * The page's records with every field: a stored period's when one is kept (as of now only: `as_of` reads the
 * versions it names), else read and built as the per-symbol routes build them (the same versions, growth and
 * margins), to be kept when the page is the whole period, under the version it was read at (src/db/storedPeriods.ts).
 */
async function recordsOf(
  db: Db,
  codes: CodeHistory,
  statement: StatementName,
  query: PeriodCrossSectionQuery,
  listed: Listed,
): Promise<PageRecords> {
  const kept = query.asOf === undefined;
  const key: PeriodKey = { statement, reportType: query.reportType, endDate: query.reportDate };
  const layout = kept ? await derivedLayout(statement, STATEMENTS[statement].fields) : '';
  const stored: PeriodRecords | null = kept ? await storedPeriodRecords(db, key, layout) : null;
  if (stored !== null && [...listed.names.keys()].every((code) => stored.has(code))) return { records: stored };
  const readUnder = kept ? await financialsVersion(db) : 0;
  const read = await STATEMENTS[statement].pages(db, codes, pageQuery(query, listed));
  const built = new Map(read.pages.map((page): [string, Built] => [page.symbol, page.records[0]!]));
  if (!kept || listed.names.size < listed.total) return { records: built };
  const fields: readonly string[] = STATEMENTS[statement].fields;
  const texts = new Map([...built].map(([code, record]) => [code, JSON.stringify(recordOfFields(record, fields))]));
  // A store that fails costs the next read of the period its build.
  return { records: texts, keep: () => void storePeriodRecords(db, key, layout, texts, readUnder).catch(() => {}) };
}

/** A record as JSON of the chosen fields: a stored one asked with all its fields (`whole`) is its text as it is. */
function recordJson(record: PeriodRecord, fields: readonly string[], whole: boolean): string | Buffer {
  const text = typeof record === 'string' || Buffer.isBuffer(record);
  if (text && whole) return record;
  return JSON.stringify(recordOfFields<Built, string>(text ? JSON.parse(record.toString()) : record, fields));
}

/**
 * One statement of every company for one period, a page of companies by code, as JSON text: the page and the
 * companies' names from the period index (and how many there are), each company's record from recordsOf. The same
 * text as JSON.stringify of the envelope (FinancialCrossSection), its records never decoded when stored and asked whole.
 */
export async function periodCrossSectionAnswer(
  db: Db,
  codes: CodeHistory,
  statement: StatementName,
  query: PeriodCrossSectionQuery,
  fields: readonly string[],
): Promise<JsonText> {
  const { table, list, fields: all } = STATEMENTS[statement];
  const filter = { endDate: query.reportDate, reportType: query.reportType, asOf: query.asOf };
  const listed = await codesWithPeriod(db, table, filter, query.window);
  if (listed.total === 0)
    throw noData(
      `No ${statement} statement of the period ending ${query.reportDate}${query.asOf ? ` announced by ${query.asOf}` : ''}`,
    );
  const { records, keep } =
    listed.names.size === 0 ? { records: new Map() } : await recordsOf(db, codes, statement, query, listed);
  const whole = sameFields(fields, all);
  const items = [...listed.names].map(([code, name]) => [
    `{"symbol":${JSON.stringify(code)},"name":${JSON.stringify(name)},"${list}":[`,
    recordJson(records.get(code)!, fields, whole),
    ']}',
  ]);
  return okPageText(items, paginationOf(query.window, listed.total), keep);
}
