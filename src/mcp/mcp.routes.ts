import type { RequestListener } from 'node:http';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { invalidKey } from '../domain/api/errors';
import { presentedKey } from '../http/auth';
import type { AccessPorts } from '../http/ports';
import { GUIDE_PROMPTS, INSTRUCTIONS, type GuideResource } from './agentGuide';
import { compactTools, queryResultsTool, type MetaTool } from './metaTools';
import type { ResultStores } from './resultStore';
import { callTool, errorResult, type Caller } from './toolCall';
import type { Tool } from './toolCatalog';
import { groupTools, memberCall, type ToolGroup } from './toolGroups';

export interface McpOptions {
  tools: readonly Tool[];
  resources: readonly GuideResource[];
  stores: ResultStores;
  keyOwner: AccessPorts['keyOwner'];
  /** The pipeline the tools are asked through, in process. */
  app: RequestListener;
  /** Host names /mcp answers to (DNS-rebinding protection): localhost's and MCP_ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  version: string;
}

/**
 * The MCP SDK, loaded at the first /mcp request: a server that no agent calls does not hold it and its
 * dependencies in memory (`make bench-footprint`).
 */
async function loadSdk() {
  const [server, host, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { ...server, ...host, ...transport, ...types };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;
let sdkLoading: Promise<Sdk> | undefined;
const sdk = () => (sdkLoading ??= loadSdk());

const NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, POST only.' },
  id: null,
};

/**
 * Every tool is read-only: it reads this store and changes nothing. No title (the description opens with it)
 * and no `openWorldHint` (the hosts' prompts turn on read-only; a closed world told them nothing more): the
 * list's size is what every agent pays first.
 */
const ANNOTATIONS = { readOnlyHint: true };

/**
 * The two shapes of one catalog: a tool per operation (the datasets' routes in two groups, `toolGroups.ts`)
 * plus query_results (flat), or three meta-tools (compact).
 */
type ToolShape = {
  listed: unknown[];
  run: Map<string, (args: Record<string, unknown>, caller: Caller) => Promise<unknown>>;
};

function shapedTools(options: McpOptions, compact: boolean): ToolShape {
  const context = { app: options.app, stores: options.stores };
  const metas: MetaTool[] = compact ? compactTools(options.tools, context) : [queryResultsTool(context)];
  const { groups, alone } = compact ? { groups: [], alone: [] } : groupTools(options.tools);
  const listing = ({
    name,
    description,
    inputSchema,
  }: {
    name: string;
    description: string;
    inputSchema: unknown;
  }) => ({
    name,
    description,
    inputSchema,
    annotations: ANNOTATIONS,
  });
  const runGroup = (group: ToolGroup) => async (args: Record<string, unknown>, caller: Caller) => {
    const call = memberCall(group, args);
    return typeof call === 'string' ? errorResult(call) : callTool(context, call.tool, call.args, caller);
  };
  return {
    listed: [...alone.map(listing), ...groups.map(listing), ...metas.map(listing)],
    run: new Map([
      ...alone.map(
        (tool) =>
          [
            tool.name,
            (args: Record<string, unknown>, caller: Caller) => callTool(context, tool, args, caller),
          ] as const,
      ),
      ...groups.map((group) => [group.name, runGroup(group)] as const),
      ...metas.map((meta) => [meta.name, meta.run] as const),
    ]),
  };
}

/** An MCP server for one request: stateless, so every POST gets its own (SDK ≥ 1.26 forbids sharing one). */
function toolServer(mcp: Sdk, options: McpOptions, caller: Caller, { listed, run }: ToolShape): Server {
  const {
    CallToolRequestSchema,
    GetPromptRequestSchema,
    ListPromptsRequestSchema,
    ListResourcesRequestSchema,
    ListToolsRequestSchema,
    ReadResourceRequestSchema,
  } = mcp;
  const server = new mcp.Server(
    { name: 'ashare-api', version: options.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed as never[] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = run.get(request.params.name);
    if (tool === undefined)
      return errorResult(`error not_found: no tool ${request.params.name}; tools/list names them`);
    return (await tool(request.params.arguments ?? {}, caller)) as never;
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: options.resources.map(({ uri, name }) => ({ uri, name, mimeType: 'text/markdown' })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = options.resources.find(({ uri }) => uri === request.params.uri);
    if (resource === undefined) throw new Error(`no resource ${request.params.uri}; resources/list names them`);
    return { contents: [{ uri: resource.uri, mimeType: 'text/markdown', text: resource.text }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: GUIDE_PROMPTS.map(({ name, description, arguments: args }) => ({ name, description, arguments: args })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = GUIDE_PROMPTS.find(({ name }) => name === request.params.name);
    if (prompt === undefined) throw new Error(`no prompt ${request.params.name}; prompts/list names them`);
    return {
      messages: [{ role: 'user', content: { type: 'text', text: prompt.text(request.params.arguments ?? {}) } }],
    };
  });
  return server;
}

/** The compact shape is asked with `?tools=compact` on the server URL or the `X-MCP-Tools: compact` header. */
const wantsCompact = (req: Request) => req.query.tools === 'compact' || req.get('x-mcp-tools') === 'compact';

/**
 * `/mcp`, the MCP tool server (Streamable HTTP, stateless, JSON answers): one tool per data operation of the
 * contract, or three meta-tools. Each data call is an in-process request of the app with the caller's key,
 * so it is counted against the account's per-minute budget and in usage under its operation, and checked
 * against the key's scopes, exactly like the HTTP request; listing the tools is not counted.
 */
export function mcpRoutes(options: McpOptions): Router {
  const router = Router();
  // Each shape built once (its tools call with the caller they are given), not at every POST.
  const shapes: Partial<Record<'flat' | 'compact', ToolShape>> = {};
  const shapeOf = (compact: boolean) => (shapes[compact ? 'compact' : 'flat'] ??= shapedTools(options, compact));
  let hostCheck: ((req: Request, res: Response, next: NextFunction) => void) | undefined;
  const checkHost = (req: Request, res: Response, next: NextFunction) =>
    void sdk().then((mcp) => (hostCheck ??= mcp.hostHeaderValidation([...options.allowedHosts]))(req, res, next), next);
  router.post('/mcp', checkHost, async (req, res) => {
    const mcp = await sdk();
    // The same API key as the data routes (X-API-KEY or api_key); 401 `invalid_key` in the envelope otherwise.
    const apiKey = presentedKey(req, res);
    const owner = apiKey === undefined ? null : await options.keyOwner(apiKey);
    if (apiKey === undefined || owner === null) throw invalidKey();
    const server = toolServer(mcp, options, { apiKey, keyId: owner.keyId }, shapeOf(wantsCompact(req)));
    const transport = new mcp.StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  router.all('/mcp', (_req, res) => {
    res.status(405).set('Allow', 'POST').json(NOT_ALLOWED);
  });
  return router;
}
