/** What the MCP server asks of a key's result-store process (`resultStore.child.ts`), and what it answers. */
export type StoreValue = string | number | boolean | null;

export type StoreRequest =
  | { op: 'store'; table: string; columns: string[]; rows: StoreValue[][] }
  | { op: 'query'; sql: string; maxRows: number }
  | { op: 'drop'; tables: string[] };

export type StoreReply =
  | { ok: true }
  | { ok: true; columns: string[]; rows: unknown[][]; truncated: boolean }
  | { ok: false; message: string };
