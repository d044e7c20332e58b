import type { CodeChange } from './codeChanges';
import { groupBy } from '../api/collections';
import type { PageRequest } from '../api/pagination';
import type { ListStatus } from './referenceCodes';
import { boardOf, type Board, type Exchange, type Listing } from './symbols';

/** A security of the store as the stock list needs it: its reference row. */
export interface UniverseSecurity {
  ts_code: string;
  name: string;
  kind: string;
  exchange: Listing;
  industry: string | null;
  list_date: string | null;
  delist_date: string | null;
  list_status: ListStatus;
}

/** A security of the universe, under the code it had on the requested day (`code_then`, else ts_code). */
export interface UniverseMember extends UniverseSecurity {
  code_then: string;
}

export interface UniverseFilter {
  kind: string;
  /** Point in time: the universe listed on that day, under its codes of that day. */
  date?: string;
  exchange?: Exchange;
  board?: Board;
  /** The stock list's label (a name no Shenwan membership has). */
  industry?: string;
  /** Only these codes: the members of a Shenwan industry on the day asked. */
  members?: ReadonlySet<string>;
  status?: ListStatus;
}

/** Listed on `date` by its own listing and delisting dates (delisted on the delisting day). */
const listedOn = (security: UniverseSecurity, date: string) =>
  security.list_date !== null &&
  security.list_date <= date &&
  (security.delist_date === null || security.delist_date > date);

const NONE: readonly CodeChange[] = [];

const byCodeThen = (a: UniverseMember, b: UniverseMember) =>
  a.code_then < b.code_then ? -1 : a.code_then > b.code_then ? 1 : 0;

/**
 * The stock list's universe from memory: every security of the store and every code change, filtered and
 * ordered per request in one pass over the securities of the kind. The count of the day's universe in SQL
 * grew with the width of the market (three NOT EXISTS on code_changes per listed row); the pass in memory
 * stays flat (`make bench-scale`, bench/results/scale-*.json).
 *
 * Without a date: every security but old codes whose successor is in the store (the successor stands for
 * them). With a date: the securities listed that day, where a security that changed its code after the day
 * appears under the old code — once: when the store also holds the old code's own row, listed that day,
 * that row stands and the successor is left out (upstream lists both for 000022.SZ → 001872.SZ, each with
 * the 1993 listing date).
 */
export class ListedUniverse {
  /** Securities by kind, in code order. */
  private readonly byKind: Map<string, UniverseSecurity[]>;
  private readonly byCode: Map<string, UniverseSecurity>;
  /** Old code → its changes (a code may change twice); new code → the changes into it; oldest first. */
  private readonly changesFrom: Map<string, CodeChange[]>;
  private readonly changesInto: Map<string, CodeChange[]>;

  /** `changes`: oldest first. */
  constructor(securities: readonly UniverseSecurity[], changes: readonly CodeChange[]) {
    // Plain objects of one shape (driver rows may not be), so that the pass per request stays fast.
    const inCodeOrder = securities
      .map((row): UniverseSecurity => ({
        ts_code: row.ts_code,
        name: row.name,
        kind: row.kind,
        exchange: row.exchange,
        industry: row.industry,
        list_date: row.list_date,
        delist_date: row.delist_date,
        list_status: row.list_status,
      }))
      .sort((a, b) => (a.ts_code < b.ts_code ? -1 : 1));
    this.byKind = groupBy(inCodeOrder, (security) => security.kind);
    this.byCode = new Map(inCodeOrder.map((security) => [security.ts_code, security]));
    this.changesFrom = groupBy(changes, (change) => change.old_code);
    this.changesInto = groupBy(changes, (change) => change.new_code);
  }

  /**
   * One page of the filtered universe, ordered by the code shown, and the number of all its members. Only the
   * page's members are made: making one for every security of the market per request cost many times the
   * pass itself.
   */
  page(filter: UniverseFilter, window: PageRequest): { rows: UniverseMember[]; total: number } {
    const { showingCodeNow, showingOldCode } = this.members(filter);
    const end = window.offset + window.limit;
    const firstOnes: UniverseMember[] = [];
    // Both lists are in the order of the code shown: merge them up to the end of the page.
    for (
      let now = 0, old = 0;
      firstOnes.length < end && (now < showingCodeNow.length || old < showingOldCode.length);
    ) {
      const next = showingCodeNow[now];
      if (next !== undefined && (old === showingOldCode.length || next.ts_code < showingOldCode[old]!.code_then)) {
        firstOnes.push({ ...next, code_then: next.ts_code });
        now++;
      } else firstOnes.push(showingOldCode[old++]!);
    }
    return { rows: firstOnes.slice(window.offset), total: showingCodeNow.length + showingOldCode.length };
  }

  /** The members showing their code now (in code order) and the few showing an old code (in its order). */
  private members(filter: UniverseFilter): { showingCodeNow: UniverseSecurity[]; showingOldCode: UniverseMember[] } {
    const showingCodeNow: UniverseSecurity[] = [];
    const showingOldCode: UniverseMember[] = [];
    const { date } = filter;
    // On a past day every member of the universe was listed (`上市`): the store has no history of statuses.
    if (date !== undefined && filter.status !== undefined && filter.status !== 'L')
      return { showingCodeNow, showingOldCode };
    for (const security of this.byKind.get(filter.kind) ?? []) {
      if (!this.passes(security, filter)) continue;
      if (date === undefined) {
        if (!this.replacedInStore(security)) showingCodeNow.push(security);
        continue;
      }
      if (!listedOn(security, date) || this.changedBy(security.ts_code, date)) continue;
      const later = this.changesInto.get(security.ts_code)?.filter((change) => change.change_date > date);
      if (later === undefined || later.length === 0) showingCodeNow.push(security);
      else if (!later.some((change) => this.listedUnder(change.old_code, date)))
        showingOldCode.push({ ...security, code_then: later[0]!.old_code });
    }
    return { showingCodeNow, showingOldCode: showingOldCode.sort(byCodeThen) };
  }

  private passes(security: UniverseSecurity, filter: UniverseFilter): boolean {
    if (filter.exchange !== undefined && security.exchange !== filter.exchange) return false;
    if (filter.industry !== undefined && security.industry !== filter.industry) return false;
    if (filter.members !== undefined && !filter.members.has(security.ts_code)) return false;
    if (filter.status !== undefined && filter.date === undefined && security.list_status !== filter.status)
      return false;
    return filter.board === undefined || boardOf(security.ts_code) === filter.board;
  }

  /** An old code whose successor the store holds. */
  private replacedInStore(security: UniverseSecurity): boolean {
    return (this.changesFrom.get(security.ts_code) ?? NONE).some((change) => this.byCode.has(change.new_code));
  }

  /** The code had changed into another on or before `date`. */
  private changedBy(code: string, date: string): boolean {
    return (this.changesFrom.get(code) ?? NONE).some((change) => change.change_date <= date);
  }

  /** The store holds a row of its own for `code`, listed on `date`. */
  private listedUnder(code: string, date: string): boolean {
    const security = this.byCode.get(code);
    return security !== undefined && listedOn(security, date);
  }
}
