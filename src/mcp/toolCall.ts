import type { RequestListener } from 'node:http';
import { agentCsvLines, columnsOf, csvLines, flatRows } from '../domain/answers/flatRows';
import {
  csvWithinBudget,
  fitToBudget,
  truncationNote,
  type Json,
  type ToolFormat,
} from '../domain/answers/toolResults';
import type { ResultStores } from './resultStore';
import { TABLE_NAME, type Tool } from './toolCatalog';
import { toolErrorText } from './toolErrors';
import { askInProcess } from './inProcess';

/** A tool result as MCP carries it: the text an agent reads, the same as an object, and whether it failed. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

type Arguments = Record<string, unknown>;

/** Who calls: the key for the pipeline, its id for the result store. */
export interface Caller {
  apiKey: string;
  keyId: number;
}

/** What a data tool call needs besides the tool: the app it asks in process and the agents' result stores. */
export interface ToolContext {
  app: RequestListener;
  stores: ResultStores;
}

const PREVIEW_ROWS = 5;
const TOOL_ARGUMENTS = ['format', 'store_as'];
const INVALID_TABLE_NAME =
  'error invalid_parameter: store_as names a table: a lowercase letter, then up to 62 lowercase letters, digits or _';

export const errorResult = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Tushare's `YYYYMMDD`, which A-share agents and their users write as often as ISO dates. */
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * An argument as the query takes it: a list joined by commas, and a date parameter given as `YYYYMMDD` written
 * `YYYY-MM-DD` (the tools take either, so the listed schema need not spell the format out).
 */
function argumentText(tool: Tool, name: string, value: unknown): string {
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return tool.reference.parameters[name]?.format === 'date' ? text.replace(COMPACT_DATE, '$1-$2-$3') : text;
}

/** The URL an operation is asked at: path parameters put in their place, the others as the query. */
function urlOf(tool: Tool, args: Arguments): string {
  let path = tool.operation.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (TOOL_ARGUMENTS.includes(name) || value === undefined || value === null) continue;
    const text = argumentText(tool, name, value);
    if (tool.pathParameters.includes(name)) path = path.replace(`{${name}}`, encodeURIComponent(text));
    else query.set(name, text);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Everything of the answer but its rows (pagination, cursor) on a line of its own, or nothing. */
function metaLine(result: Record<string, Json>): string {
  const meta = Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'data'));
  return Object.keys(meta).length > 0 ? `\n${JSON.stringify(meta)}` : '';
}

/** The rows as CSV within the budget (a series' own fields on a `#` line before its rows), with a note when cut. */
function csvResult(result: Record<string, Json>): ToolResult {
  const { text, shown, total } = csvWithinBudget(agentCsvLines(result.data ?? null));
  const note = shown < total ? `\n${truncationNote([{ path: '$.data', shown, total }])}` : '';
  return { content: [{ type: 'text', text: `${text}${metaLine(result)}${note}` }] };
}

function jsonResult(result: Record<string, Json>): ToolResult {
  const { value, cuts } = fitToBudget(result);
  const content = (cuts.length ? { ...(value as object), truncated: truncationNote(cuts) } : value) as Record<
    string,
    unknown
  >;
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content };
}

/** The rows kept in the caller's result store; the agent reads a preview and asks the rest with query_results. */
async function storedResult(
  context: ToolContext,
  caller: Caller,
  table: string,
  result: Record<string, Json>,
): Promise<ToolResult> {
  const rows = flatRows(result.data ?? null);
  const columns = columnsOf(rows);
  const stored = await context.stores.put(
    String(caller.keyId),
    table,
    columns,
    rows.map((row) => columns.map((column) => row[column] ?? null)),
  );
  if (!stored.ok) return errorResult(`error store_failed: ${stored.message}`);
  const cut = stored.stored < rows.length ? ` (of ${rows.length}: a table holds at most ${stored.stored})` : '';
  const preview = csvLines(rows.slice(0, PREVIEW_ROWS), columns).join('\n');
  return {
    content: [
      {
        type: 'text',
        text:
          `Stored ${stored.stored} rows${cut} as table ${table} (columns: ${columns.join(', ')}); ask them with query_results, ` +
          `e.g. SELECT count(*) FROM ${table}. First rows:\n${preview}${metaLine(result)}`,
      },
    ],
  };
}

/**
 * Calls a tool's operation through the app itself, in process (no socket, no HTTP round trip): the same
 * credential, rate limit, scope check, usage count, contract validation, handler and answer cache as an HTTP
 * request with the same key. A failure becomes a tool result with `isError` naming the envelope's `error`
 * code and how to fix the call. A success is the envelope's data (and pagination): as CSV (one flat row per
 * record, the header once) unless `format: json`, cut to the result budget with a note when too long; or,
 * with `store_as` (by default for whole-market tools), kept in the caller's result store with a preview.
 */
export async function callTool(context: ToolContext, tool: Tool, args: Arguments, caller: Caller): Promise<ToolResult> {
  if (args.store_as !== undefined && !TABLE_NAME.test(String(args.store_as))) return errorResult(INVALID_TABLE_NAME);
  const answer = await askInProcess(context.app, urlOf(tool, args), {
    'x-api-key': caller.apiKey,
    accept: 'application/json',
  });
  const body = JSON.parse(answer.body) as { code: number; message?: string; error?: string; [key: string]: unknown };
  if (answer.status >= 400) {
    const retryAfter = answer.headers['retry-after'];
    return errorResult(toolErrorText(body, typeof retryAfter === 'string' ? retryAfter : null));
  }
  // The envelope's code and message say only "200 success": the agent gets the data (and pagination).
  const result = Object.fromEntries(
    Object.entries(body).filter(([key]) => key !== 'code' && key !== 'message'),
  ) as Record<string, Json>;
  const storesByDefault =
    tool.storesByDefault === 'always' || (tool.storesByDefault === 'whole-market' && args.symbol === undefined);
  const table = (args.store_as as string | undefined) ?? (storesByDefault ? tool.name.replace(/^get_/, '') : undefined);
  if (table !== undefined) return storedResult(context, caller, table, result);
  return (args.format as ToolFormat | undefined) === 'json' ? jsonResult(result) : csvResult(result);
}
