import { groupBy } from '../api/collections';
import { fundOrBondKindOf, type SecurityKind } from './symbols';
import { currentCodeOf, MAX_HOPS } from './codeChanges';

/** A security's reference row as a day's rows need it: its name now and its kind. */
export interface DirectoryEntry {
  ts_code: string;
  name: string;
  kind: string;
}

/** A name change: the name a security took from `start_date`. */
export interface NameChange {
  ts_code: string;
  start_date: string;
  name: string;
}

/** The code ranges of indices among codes the reference list lacks: 000xxx.SH and 399xxx.SZ (never stocks). */
export const INDEX_CODE_RANGES: ReadonlyArray<{ prefix: string; suffix: string }> = [
  { prefix: '000', suffix: '.SH' },
  { prefix: '399', suffix: '.SZ' },
];

/**
 * A security's kind by its code alone, for a code the reference list lacks: an index in INDEX_CODE_RANGES, an
 * ETF or convertible in theirs (symbols.ts), else a stock.
 */
export function kindByCode(tsCode: string): SecurityKind {
  if (INDEX_CODE_RANGES.some(({ prefix, suffix }) => tsCode.startsWith(prefix) && tsCode.endsWith(suffix)))
    return 'index';
  return fundOrBondKindOf(tsCode) ?? 'stock';
}

/**
 * Every security's name and kind, and its name changes, from memory: what a day's rows of the whole market
 * ask of the reference list, without joining it to 5,000 bars in SQL.
 */
export class SecurityDirectory {
  private readonly byCode: Map<string, DirectoryEntry>;
  /** Each security's name changes, oldest first. */
  private readonly changes: Map<string, NameChange[]>;
  /** A former code → the code its security took (code_changes: restructurings, the BSE's 920 codes). */
  private readonly successors: Map<string, string>;

  constructor(
    securities: readonly DirectoryEntry[],
    nameChanges: readonly NameChange[],
    codeChanges: ReadonlyArray<{ old_code: string; new_code: string }> = [],
  ) {
    this.byCode = new Map(securities.map((security) => [security.ts_code, security]));
    this.successors = new Map(codeChanges.map((change) => [change.old_code, change.new_code]));
    const oldestFirst = [...nameChanges].sort((a, b) =>
      a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0,
    );
    this.changes = groupBy(oldestFirst, (change) => change.ts_code);
  }

  /** Whether the reference list holds the security. */
  has(tsCode: string): boolean {
    return this.byCode.has(tsCode);
  }

  /** The security's kind: its reference row's (or, for a former code, its successor's), else by its code. */
  kindOf(tsCode: string): string {
    return this.entryOf(tsCode)?.kind ?? kindByCode(tsCode);
  }

  /**
   * The name a security had on `date`: its latest name change started by then, else its name now (a former code's
   * the security's under its later code: 838163.BJ's is 920163.BJ's); null when none of them is known.
   */
  nameOn(tsCode: string, date: string): string | null {
    for (let code: string | undefined = tsCode, hops = 0; code !== undefined && hops < MAX_HOPS; hops++) {
      const changes = this.changes.get(code);
      if (changes !== undefined) {
        for (let i = changes.length - 1; i >= 0; i--) if (changes[i]!.start_date <= date) return changes[i]!.name;
      }
      const name = this.byCode.get(code)?.name;
      if (name !== undefined) return name;
      code = this.successors.get(code);
    }
    return null;
  }

  /**
   * The code the security answers under: a former code's latest successor that the list holds (838163.BJ is
   * 920163.BJ), else the code itself (`currentCodeOf`, the routes' symbol resolution), so that a day read by code
   * answers the code a history or an export gives the same security.
   */
  currentCode(tsCode: string): string {
    return currentCodeOf(this.successors, tsCode, (code) => this.byCode.has(code));
  }

  /** A code's reference row, or its successor's when the list holds only the later code. */
  private entryOf(tsCode: string): DirectoryEntry | undefined {
    return this.byCode.get(tsCode) ?? this.byCode.get(this.successors.get(tsCode) ?? '');
  }
}
