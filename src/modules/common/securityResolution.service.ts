import type { CodeSpan } from '../../domain/reference/codeChanges';
import { requestedSymbolOf } from '../../domain/reference/codeChanges';
import { assertAllKnown, parseOneSymbol } from '../../domain/reference/symbols';
import type { Db } from '../../db/connection';
import { listingRows } from './listing.repository';
import type { CodeHistory } from './codeHistory.service';

/** A requested symbol resolved: the security's row, the symbol as asked when it was a former code, its codes. */
export interface ResolvedSecurity<Row> {
  row: Row;
  requested: { requested_symbol?: string };
  /** The security's codes, current first. */
  spans: CodeSpan[];
}

/**
 * The one way a symbol-taking route finds its securities: requested symbols (standard form) → the securities
 * answering for them, in request order, an old code answering for the security it became; `rowsOf` reads the
 * rows the route needs (listing rows, rows with their adjustment anchor, …) for the current codes; a symbol
 * that is no security of the store → 400 invalid_symbol naming it.
 */
export async function resolveSecurities<Row extends { ts_code: string }>(
  history: CodeHistory,
  symbols: string[],
  rowsOf: (currentCodes: string[]) => Promise<Row[]>,
): Promise<ResolvedSecurity<Row>[]> {
  const resolved = await history.resolve(symbols);
  const rows = new Map((await rowsOf([...new Set(resolved.map(({ code }) => code))])).map((row) => [row.ts_code, row]));
  assertAllKnown(
    symbols,
    resolved.filter(({ code }) => rows.has(code)).map(({ requested }) => requested),
  );
  const spans = await history.spans([...rows.keys()]);
  return resolved.map((symbol) => ({
    row: rows.get(symbol.code)!,
    requested: requestedSymbolOf(symbol),
    spans: spans.get(symbol.code)!,
  }));
}

/**
 * The codes of the one security an optional `symbol` parameter names (its own first, then its former ones),
 * or null codes for none given (the whole market): what the dataset and board routes filter on.
 */
export async function securityCodesOf(
  db: Db,
  history: CodeHistory,
  symbol: string | undefined,
): Promise<{ current: string | null; all: string[] | null }> {
  if (symbol === undefined) return { current: null, all: null };
  const [security] = await resolveSecurities(history, [parseOneSymbol(symbol)], (current) => listingRows(db, current));
  return { current: security!.row.ts_code, all: security!.spans.map((span) => span.code) };
}
