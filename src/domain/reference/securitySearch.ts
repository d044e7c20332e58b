import type { Listing } from './symbols';
import type { IndustryClassification } from './industryClassification';
import type { PageRequest } from '../api/pagination';

/** A security as search finds and shows it. */
export interface SearchableSecurity {
  ts_code: string;
  symbol: string;
  name: string;
  exchange: Listing;
  /** Shenwan's level-1 industry of the day the index was built, else the stock list's label (industryOn). */
  industry: string | null;
  industry_classification: IndustryClassification | null;
  /** L listed, P suspended, D delisted. */
  list_status: string;
  /** Pinyin initials of the name, upper case (`PAYH`). */
  cnspell: string | null;
  /** Full pinyin of the name, upper case without spaces (`PINGANYINHANG`). */
  pinyin: string;
  /** Names the security had before (Tushare `namechange`). */
  former_names: readonly string[];
}

export interface SearchPage {
  securities: SearchableSecurity[];
  total: number;
}

/** Joins the fields of a corpus; no keyword that holds it can match a field. */
const SEPARATOR = '\u0001';

/**
 * Texts of one kind (names, or codes and spellings) of every security as one string, so a keyword is found
 * by repeated indexOf over it: one call per match instead of one per security (a per-security `includes`
 * pays its setup once for every security of the market).
 */
class Corpus {
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly owners: Int32Array;

  constructor(fields: Array<[owner: number, text: string]>) {
    this.starts = new Int32Array(fields.length);
    this.ends = new Int32Array(fields.length);
    this.owners = new Int32Array(fields.length);
    let at = 0;
    fields.forEach(([owner, text], i) => {
      this.starts[i] = at;
      this.ends[i] = at + text.length;
      this.owners[i] = owner;
      at += text.length + 1;
    });
    this.text = fields.map(([, text]) => text).join(SEPARATOR);
  }

  /** Calls `found` with the owner of each field holding `spell`, and where: `exact`, `prefix` or `inside`. */
  scan(spell: string, found: (owner: number, where: 'exact' | 'prefix' | 'inside') => void): void {
    for (let at = this.text.indexOf(spell); at !== -1; at = this.text.indexOf(spell, at + 1)) {
      const field = this.fieldAt(at);
      const where = at !== this.starts[field] ? 'inside' : at + spell.length === this.ends[field] ? 'exact' : 'prefix';
      found(this.owners[field]!, where);
    }
  }

  private fieldAt(at: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

const NO_MATCH = 4;

/**
 * Every security in memory, answering keyword searches with the ranking of the SQL it replaces: 0 the exact
 * code (`600519`, `600519.SH`), 1 an exact name, initials or full pinyin, 2 a code, name, initials or pinyin
 * that begins with the keyword, 3 a name that contains it; former names count as names. Within a rank listed
 * (and suspended) before delisted, then by code. Case-insensitive, like LIKE on both databases; wildcards are
 * literal.
 */
export class SecurityIndex {
  private readonly securities: SearchableSecurity[];
  private readonly byCode = new Map<string, number>();
  private readonly names: Corpus;
  /** Code, initials and full pinyin: matched from their start only. */
  private readonly spellings: Corpus;
  private readonly ranks: Uint8Array;

  constructor(securities: Iterable<SearchableSecurity>) {
    this.securities = [...securities].sort((a, b) =>
      a.list_status === b.list_status ? compare(a.ts_code, b.ts_code) : compare(b.list_status, a.list_status),
    );
    const names: Array<[number, string]> = [];
    const spellings: Array<[number, string]> = [];
    this.securities.forEach((security, i) => {
      this.byCode.set(security.ts_code, i);
      for (const name of [security.name, ...security.former_names]) names.push([i, name.toUpperCase()]);
      spellings.push([i, security.symbol], [i, security.cnspell ?? ''], [i, security.pinyin]);
    });
    this.names = new Corpus(names);
    this.spellings = new Corpus(spellings);
    this.ranks = new Uint8Array(this.securities.length).fill(NO_MATCH);
  }

  get size(): number {
    return this.securities.length;
  }

  search(keyword: string, window: PageRequest): SearchPage {
    const spell = keyword.toUpperCase();
    // Best rank per security; NO_MATCH for all outside a search (search is synchronous, so one array serves all).
    const ranks = this.ranks;
    const matched: number[] = [];
    const rank = (owner: number, value: number) => {
      if (ranks[owner] === NO_MATCH) matched.push(owner);
      if (value < ranks[owner]!) ranks[owner] = value;
    };
    if (!spell.includes(SEPARATOR)) {
      this.names.scan(spell, (owner, where) => rank(owner, where === 'exact' ? 1 : where === 'prefix' ? 2 : 3));
      this.spellings.scan(spell, (owner, where) => {
        if (where !== 'inside')
          rank(owner, where === 'exact' && this.securities[owner]!.symbol === spell ? 0 : where === 'exact' ? 1 : 2);
      });
    }
    const exactCode = this.byCode.get(spell);
    if (exactCode !== undefined) rank(exactCode, 0);
    // Order by rank, then by position (listed first, then code): one number per match.
    const count = this.securities.length;
    const order = Float64Array.from(matched, (owner) => ranks[owner]! * count + owner).sort();
    for (const owner of matched) ranks[owner] = NO_MATCH;
    const page = order.subarray(window.offset, window.offset + window.limit);
    return { securities: Array.from(page, (key) => this.securities[key % count]!), total: order.length };
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
