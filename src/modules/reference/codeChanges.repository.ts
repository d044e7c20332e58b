import type { Db } from '../../db/connection';

export interface CodeChangeRow {
  old_code: string;
  new_code: string;
  change_date: string;
  reason: string | null;
}

/** Chains of code changes longer than this are not followed (the longest known real chain has 2 hops). */
const MAX_HOPS = 5;

/** Old codes → the codes they became (restructuring, board transfer), following chains of changes. */
async function followCodeChanges(db: Db, oldCodes: string[]): Promise<Map<string, string>> {
  const current = new Map(oldCodes.map((code) => [code, code]));
  let pending = oldCodes;
  for (let hop = 0; hop < MAX_HOPS && pending.length > 0; hop++) {
    const changes: Array<{ old_code: string; new_code: string }> = await db('code_changes')
      .whereIn('old_code', pending)
      .orderBy('change_date')
      .select('old_code', 'new_code');
    const next = new Map(changes.map((change) => [change.old_code, change.new_code]));
    for (const [requested, code] of current) if (next.has(code)) current.set(requested, next.get(code)!);
    pending = [...next.values()];
  }
  for (const [requested, code] of current) if (code === requested) current.delete(requested);
  return current;
}

export interface ResolvedSymbol {
  /** The standard code the request named. */
  requested: string;
  /** The code of the security that answers: the current code when `requested` is an old one. */
  code: string;
}

/**
 * The one symbol resolution of every symbol-taking route: an old code (code_changes) answers for the
 * security it became, when the store knows that security; any other code stands for itself. Whether the
 * code is known at all is the caller's check.
 */
export async function resolveSymbols(db: Db, requested: string[]): Promise<ResolvedSymbol[]> {
  const renamed = await followCodeChanges(db, requested);
  if (renamed.size === 0) return requested.map((code) => ({ requested: code, code }));
  const known = new Set<string>(await db('securities').whereIn('ts_code', [...new Set(renamed.values())]).pluck('ts_code'));
  return requested.map((code) => {
    const successor = renamed.get(code);
    return { requested: code, code: successor !== undefined && known.has(successor) ? successor : code };
  });
}

/** `{requested_symbol}` for a payload when the request named an old code, else nothing. */
export function requestedSymbolOf(symbol: ResolvedSymbol): { requested_symbol?: string } {
  return symbol.requested === symbol.code ? {} : { requested_symbol: symbol.requested };
}

/** Every code change touching the given codes (as old or new code), or all without codes; oldest first. */
export async function codeChangesOf(db: Db, codes?: string[]): Promise<CodeChangeRow[]> {
  const query = db('code_changes');
  if (codes) query.where((q) => q.whereIn('old_code', codes).orWhereIn('new_code', codes));
  return query
    .orderBy([{ column: 'change_date' }, { column: 'old_code' }])
    .select('old_code', 'new_code', 'change_date', 'reason');
}

/** The rows of one security under one of its codes: its current code (`until` null) or a former one before `until`. */
export interface CodeSpan {
  code: string;
  /** The day the next code took over (exclusive); null for the current code. */
  until: string | null;
}

/**
 * Each current security's codes, current first, then its former codes following chains backwards: the
 * history a query across a code change reads (a former code only before its successor took over).
 */
export async function codeSpans(db: Db, currentCodes: string[]): Promise<Map<string, CodeSpan[]>> {
  const spans = new Map<string, CodeSpan[]>(currentCodes.map((code) => [code, [{ code, until: null }]]));
  let frontier = new Map(currentCodes.map((code) => [code, code]));
  for (let hop = 0; hop < MAX_HOPS && frontier.size > 0; hop++) {
    const changes: CodeChangeRow[] = await db('code_changes').whereIn('new_code', [...frontier.keys()]).select('old_code', 'new_code', 'change_date');
    const next = new Map<string, string>();
    for (const change of changes) {
      const owner = frontier.get(change.new_code)!;
      spans.get(owner)!.push({ code: change.old_code, until: change.change_date });
      next.set(change.old_code, owner);
    }
    frontier = next;
  }
  return spans;
}
