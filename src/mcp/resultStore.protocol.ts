/** What the MCP server asks of a key's result-store process (`resultStore.child.ts`), and what it answers. */
export type StoreValue = string | number | boolean | null;

export type StoreRequest =
  | { op: 'store'; table: string; columns: string[]; rows: StoreValue[][]; maxTables: number }
  | { op: 'query'; sql: string; maxRows: number }
  | { op: 'expire'; olderThan: number };

export type StoreReply =
  | { ok: true; tables: string[] }
  | { ok: true; columns: string[]; rows: unknown[][]; truncated: boolean }
  | { ok: false; message: string };
