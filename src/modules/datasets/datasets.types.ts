/** What a dataset page reads: one security's codes over a range, and/or one day; the page's window. */
export interface DatasetQuery {
  /** The security's codes (current first), or null for every security. */
  codes: readonly string[] | null;
  begin: string;
  end: string;
  /** Columns that must equal a value (a dataset's own parameters, e.g. the limit list's kind). */
  equals: Readonly<Record<string, string>>;
  limit: number;
  offset: number;
}

/** A stored row with the security's name (none for a dataset of markets): the key, then the registry's value columns. */
export type DatasetRow = { ts_code?: string; trade_date: string; name?: string | null } & Record<
  string,
  string | number | null | undefined
>;

/** What an announced dataset page reads: one security's codes and/or the whole market, the days, the as-of day, the page. */
export interface AnnouncedDatasetQuery {
  codes: readonly string[] | null;
  begin: string;
  end: string;
  /** Only what was announced on or before this day, the latest announcement of each day. */
  asOf: string;
  limit: number;
  offset: number;
}

/** A stored announced row with the security's name: the security, its day, the announcement, then the registry's value columns. */
export type AnnouncedDatasetRow = { ts_code: string; day: string; ann_date: string; name: string | null } & Record<
  string,
  string | number | null
>;
