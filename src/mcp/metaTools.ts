import { rankEndpoints } from './endpointSearch';
import { csvLines, type FlatRow } from '../domain/answers/flatRows';
import { csvWithinBudget } from '../domain/answers/toolResults';
import { callTool, errorResult, type Caller, type ToolContext, type ToolResult } from './toolCall';
import { COMMON_ARGUMENTS, type Tool } from './toolCatalog';

/** A tool that is not an operation: how it is listed and what it does with the arguments. */
export interface MetaTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[]; additionalProperties: false };
  run(args: Record<string, unknown>, caller: Caller): Promise<ToolResult>;
}

const text = (value: string): ToolResult => ({ content: [{ type: 'text', text: value }] });

/** `query_results`: a read-only SELECT over the caller's stored tables, answered as CSV. */
export function queryResultsTool(context: ToolContext): MetaTool {
  return {
    name: 'query_results',
    description:
      'Run one read-only SQLite SELECT over the tables you stored with store_as; answers CSV (at most 1,000 rows).',
    inputSchema: {
      type: 'object',
      properties: { sql: { type: 'string' } },
      required: ['sql'],
      additionalProperties: false,
    },
    async run(args, caller) {
      const answer = await context.stores.query(String(caller.keyId), String(args.sql ?? ''));
      if (!answer.ok) return errorResult(`error invalid_query: ${answer.message}`);
      const rows = answer.rows.map(
        (row) => Object.fromEntries(answer.columns.map((column, i) => [column, row[i]])) as FlatRow,
      );
      const { text: csv, shown, total } = csvWithinBudget(csvLines(rows, answer.columns));
      const more =
        answer.truncated || shown < total ? `\n(first ${shown} rows; narrow the SELECT or aggregate for the rest)` : '';
      return text(`${csv}${more}`);
    },
  };
}

/**
 * The compact shape: three tools instead of one per operation. `search_endpoints` ranks the operations by
 * keyword and answers the whole parameter schema of the best matches; `call_endpoint` calls one by name with
 * the same checks as its flat tool; `query_results` reads the stored tables.
 */
export function compactTools(tools: readonly Tool[], context: ToolContext): MetaTool[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const searchable = tools.map((tool) => ({
    tool,
    name: tool.name,
    summary: tool.title,
    parameters: Object.keys(tool.reference.parameters),
  }));
  return [
    {
      name: 'search_endpoints',
      description:
        'Find the data endpoints for a need (keywords, e.g. "daily bars", "dividends", "income"): their names, descriptions and parameter schemas.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
      async run(args) {
        const found = rankEndpoints(searchable, String(args.query ?? ''));
        if (found.length === 0)
          return text(`No endpoint matches. The endpoints: ${tools.map((tool) => tool.name).join(', ')}.`);
        const entries = found.map(({ tool }) => ({
          name: tool.name,
          description: tool.reference.description,
          parameters: { ...tool.reference.parameters, ...COMMON_ARGUMENTS },
        }));
        return text(JSON.stringify(entries));
      },
    },
    {
      name: 'call_endpoint',
      description:
        'Call a data endpoint found with search_endpoints: its name and its arguments (plus format and store_as).',
      inputSchema: {
        type: 'object',
        properties: { endpoint: { type: 'string', enum: [...byName.keys()] }, arguments: { type: 'object' } },
        required: ['endpoint'],
        additionalProperties: false,
      },
      async run(args, caller) {
        const tool = byName.get(String(args.endpoint));
        if (tool === undefined)
          return errorResult(`error not_found: no endpoint ${String(args.endpoint)}; search_endpoints names them`);
        return callTool(context, tool, (args.arguments ?? {}) as Record<string, unknown>, caller);
      },
    },
    queryResultsTool(context),
  ];
}
