import type { PageRequest } from './pagination';

/** A security as search finds and shows it. */
export interface SearchableSecurity {
  ts_code: string;
  symbol: string;
  name: string;
  exchange: 'SSE' | 'SZSE' | 'BSE';
  industry: string | null;
  /** L listed, P suspended, D delisted. */
  list_status: string;
  /** Pinyin initials of the name, upper case (`PAYH`). */
  cnspell: string | null;
  /** Full pinyin of the name, upper case without spaces (`PINGANYINHANG`). */
  pinyin: string;
  /** Names the security had before (Tushare `namechange`). */
  former_names: readonly string[];
}

interface Entry {
  security: SearchableSecurity;
  /** Every text a keyword can match, upper case, joined by a character no keyword holds: one scan rejects most entries. */
  haystack: string;
  names: string[];
  /** What a keyword may begin: code, names, initials, full pinyin. */
  prefixed: string[];
}

export interface SearchPage {
  securities: SearchableSecurity[];
  total: number;
}

const SEPARATOR = '\u0001';

/**
 * Every security in memory, answering keyword searches with the ranking of the SQL it replaces: 0 the exact
 * code (`600519`, `600519.SH`), 1 an exact name, initials or full pinyin, 2 a code, name, initials or pinyin
 * that begins with the keyword, 3 a name that contains it; former names count as names. Within a rank listed
 * (and suspended) before delisted, then by code. Case-insensitive, like LIKE on both databases; wildcards are
 * literal. A scan of 6,000 securities takes about a quarter of a millisecond.
 */
export class SecurityIndex {
  private readonly entries: Entry[];

  constructor(securities: Iterable<SearchableSecurity>) {
    this.entries = [...securities]
      .sort((a, b) => (a.list_status === b.list_status ? compare(a.ts_code, b.ts_code) : compare(b.list_status, a.list_status)))
      .map(entryOf);
  }

  get size(): number {
    return this.entries.length;
  }

  search(keyword: string, window: PageRequest): SearchPage {
    const spell = keyword.toUpperCase();
    const ranked: SearchableSecurity[][] = [[], [], [], []];
    for (const entry of this.entries) {
      if (!entry.haystack.includes(spell)) continue;
      const rank = rankOf(entry, spell);
      if (rank !== null) ranked[rank]!.push(entry.security);
    }
    const all = ranked.flat();
    return { securities: all.slice(window.offset, window.offset + window.limit), total: all.length };
  }
}

function rankOf(entry: Entry, spell: string): number | null {
  const { security } = entry;
  if (security.symbol === spell || security.ts_code === spell) return 0;
  if (entry.names.includes(spell) || security.cnspell === spell || security.pinyin === spell) return 1;
  if (entry.prefixed.some((text) => text.startsWith(spell))) return 2;
  if (entry.names.some((name) => name.includes(spell))) return 3;
  return null;
}

function entryOf(security: SearchableSecurity): Entry {
  const names = [security.name, ...security.former_names].map((name) => name.toUpperCase());
  const prefixed = [security.symbol, ...names, security.cnspell ?? '', security.pinyin];
  return { security, names, prefixed, haystack: [security.ts_code, ...prefixed].join(SEPARATOR) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
