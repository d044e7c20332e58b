import type { RequestListener } from 'node:http';
import { Router } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { invalidKey } from '../domain/errors';
import { presentedKey } from '../http/auth';
import type { AccessPorts } from '../http/ports';
import { callTool } from './toolCall';
import type { Tool } from './toolCatalog';

export interface McpOptions {
  tools: readonly Tool[];
  keyOwner: AccessPorts['keyOwner'];
  /** The pipeline the tools are asked through, in process. */
  app: RequestListener;
  /** Host names /mcp answers to (DNS-rebinding protection): localhost's and MCP_ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  version: string;
}

const NOT_ALLOWED = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, POST only.' }, id: null };

/** An MCP server of the tools for one request: stateless, so every POST gets its own (SDK ≥ 1.26 forbids sharing one). */
function toolServer(options: McpOptions, apiKey: string): Server {
  const server = new Server({ name: 'ashare-api', version: options.version }, { capabilities: { tools: {} } });
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema, annotations: { readOnlyHint: true, openWorldHint: false } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) return { content: [{ type: 'text', text: `error not_found: no tool ${request.params.name}; tools/list names them` }], isError: true };
    return callTool(options.app, tool, request.params.arguments ?? {}, apiKey);
  });
  return server;
}

/**
 * `/mcp`, the MCP tool server (Streamable HTTP, stateless, JSON answers): one tool per data operation of the
 * contract. Each tool call is an in-process request of the app with the caller's key, so it is counted against
 * the account's per-minute budget and in usage under its operation, and checked against the key's scopes,
 * exactly like the HTTP request; listing the tools is not counted.
 */
export function mcpRoutes(options: McpOptions): Router {
  const router = Router();
  router.post('/mcp', hostHeaderValidation([...options.allowedHosts]), async (req, res) => {
    // The same API key as the data routes (X-API-KEY or api_key); 401 `invalid_key` in the envelope otherwise.
    const key = presentedKey(req);
    if (key === undefined || (await options.keyOwner(key)) === null) throw invalidKey();
    const server = toolServer(options, key);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
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
