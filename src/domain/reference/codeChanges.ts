/** One change of a security's code (restructuring, board transfer): `old_code` became `new_code`. */
export interface CodeChange {
  old_code: string;
  new_code: string;
  change_date: string;
  reason: string | null;
}

export interface ResolvedSymbol {
  /** The standard code the request named. */
  requested: string;
  /** The code of the security that answers: the current code when `requested` is an old one. */
  code: string;
}

/** The rows of one security under one of its codes: its current code (`until` null) or a former one before `until`. */
export interface CodeSpan {
  code: string;
  /** The day the next code took over (exclusive); null for the current code. */
  until: string | null;
}

/**
 * The day the Beijing Stock Exchange's listed stocks took their 920xxx codes: from 9 October 2025 every stock
 * listed before it trades under a code of the "920" segment, the 43, 83 and 87 segments (shared with the NEEQ's
 * quoted companies) retired (BSE notice on the special 920 code segment for listed stocks; Tushare `bse_mapping`,
 * doc 375, carries the 248 pairs). The new code is not derived from the old one (920 + the old code's last three
 * digits collides: 430478 and 871478), so the store takes the exchange's own table.
 */
export const BSE_CODE_SWITCH_DATE = '2025-10-09';

/** Chains of code changes longer than this are not followed (the longest known real chain has 2 hops). */
export const MAX_HOPS = 5;

/**
 * The code a code answers for: its latest successor (chains followed) when `known` holds that code, else the
 * code itself. The one rule of the routes' symbol resolution and of a day's rows (SecurityDirectory.currentCode).
 */
export function currentCodeOf(
  successor: ReadonlyMap<string, string>,
  code: string,
  known: (code: string) => boolean,
): string {
  let current = code;
  for (let hop = 0; hop < MAX_HOPS && successor.has(current); hop++) current = successor.get(current)!;
  return current !== code && known(current) ? current : code;
}

/**
 * Every code change of the store, held in memory: the whole table is small (the real A-share history has a
 * few hundred changes), so symbol resolution and the history spans of every symbol-taking route need no SQL.
 */
export class CodeChangeMap {
  /** Old code → the code it became (the latest change when a code changed twice). */
  private readonly successor = new Map<string, string>();
  /** New code → the changes that led to it, oldest first. */
  private readonly predecessors = new Map<string, CodeChange[]>();

  /**
   * @param changes every change, oldest first
   * @param knownCodes the codes of the store's securities (at least those that codes changed into)
   */
  constructor(
    private readonly changes: readonly CodeChange[],
    private readonly knownCodes: ReadonlySet<string>,
  ) {
    for (const change of changes) {
      this.successor.set(change.old_code, change.new_code);
      this.predecessors.set(change.new_code, [...(this.predecessors.get(change.new_code) ?? []), change]);
    }
  }

  /**
   * The one symbol resolution of every symbol-taking route: an old code answers for the security it became
   * (following chains), when the store knows that security; any other code stands for itself. Whether the
   * code is known at all is the caller's check.
   */
  resolve(requested: readonly string[]): ResolvedSymbol[] {
    const known = (code: string) => this.knownCodes.has(code);
    return requested.map((code) => ({ requested: code, code: currentCodeOf(this.successor, code, known) }));
  }

  /**
   * Each current security's codes, current first, then its former codes following chains backwards: the
   * history a query across a code change reads (a former code only before its successor took over).
   */
  spans(currentCodes: readonly string[]): Map<string, CodeSpan[]> {
    return new Map(
      currentCodes.map((current) => {
        const spans: CodeSpan[] = [{ code: current, until: null }];
        let frontier = [current];
        for (let hop = 0; hop < MAX_HOPS && frontier.length > 0; hop++) {
          const changes = frontier.flatMap((code) => this.predecessors.get(code) ?? []);
          spans.push(...changes.map((change) => ({ code: change.old_code, until: change.change_date })));
          frontier = changes.map((change) => change.old_code);
        }
        return [current, spans];
      }),
    );
  }

  /** Every change touching one of the codes (as old or new code), or all without codes; oldest first. */
  touching(codes?: readonly string[]): CodeChange[] {
    if (codes === undefined) return [...this.changes];
    const wanted = new Set(codes);
    return this.changes.filter((change) => wanted.has(change.old_code) || wanted.has(change.new_code));
  }

  /** The changes linking a code to all its earlier and later codes, oldest first. */
  chainOf(code: string): CodeChange[] {
    const chain = new Set([code]);
    let rows: CodeChange[] = [];
    for (let size = 0; size < chain.size;) {
      size = chain.size;
      rows = this.touching([...chain]);
      for (const row of rows) chain.add(row.old_code).add(row.new_code);
    }
    return rows;
  }
}

/** `{requested_symbol}` for a payload when the request named an old code, else nothing. */
export function requestedSymbolOf(symbol: ResolvedSymbol): { requested_symbol?: string } {
  return symbol.requested === symbol.code ? {} : { requested_symbol: symbol.requested };
}
