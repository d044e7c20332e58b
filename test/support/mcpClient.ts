import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** An MCP client of the SDK over real HTTP, with the key in the header. */
export async function mcpClient(baseUrl: string, key?: string, tools?: 'compact'): Promise<Client> {
  const client = new Client({ name: 'ashare-api-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { 'X-API-KEY': key } : {};
  const url = new URL(`${baseUrl}/mcp${tools ? `?tools=${tools}` : ''}`);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** The text of a tool result's first content item. */
export const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;
