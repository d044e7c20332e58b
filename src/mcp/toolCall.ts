import type { RequestListener } from 'node:http';
import { fitToBudget, tabulate, truncationNote, type Json, type ToolFormat } from '../domain/toolResults';
import type { Tool } from './toolCatalog';
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

/** The URL an operation is asked at: path parameters put in their place, the others as the query. */
function urlOf(tool: Tool, args: Arguments): string {
  let path = tool.operation.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (name === 'format' || value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (tool.pathParameters.includes(name)) path = path.replace(`{${name}}`, encodeURIComponent(text));
    else query.set(name, text);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls a tool's operation through the app itself, in process (no socket, no HTTP round trip): the same
 * credential, rate limit, scope check, usage count, contract validation, handler and answer cache as an HTTP
 * request with the same key. A failure becomes a tool result with `isError` naming the envelope's `error`
 * code and how to fix the call; a success is the envelope's data (and pagination), tabulated unless
 * `format: json`, cut to the result budget with a note when too long.
 */
export async function callTool(app: RequestListener, tool: Tool, args: Arguments, apiKey: string): Promise<ToolResult> {
  const answer = await askInProcess(app, urlOf(tool, args), { 'x-api-key': apiKey, accept: 'application/json' });
  const body = JSON.parse(answer.body) as { code: number; message?: string; error?: string; [key: string]: unknown };
  if (answer.status >= 400) {
    const retryAfter = answer.headers['retry-after'];
    return { content: [{ type: 'text', text: toolErrorText(body, typeof retryAfter === 'string' ? retryAfter : null) }], isError: true };
  }
  // The envelope's code and message say only "200 success": the agent gets the data (and pagination).
  const result = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'code' && key !== 'message'));
  const format = (args.format as ToolFormat | undefined) ?? 'table';
  const shaped = format === 'table' ? tabulate(result as Json) : (result as Json);
  const { value, cuts } = fitToBudget(shaped);
  const content = (cuts.length ? { ...(value as object), truncated: truncationNote(cuts) } : value) as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content };
}
