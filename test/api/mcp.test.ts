import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_RESULT_BUDGET_CHARS } from '../../src/domain/toolResults';
import { operationPolicies } from '../../src/http/operations';
import { loadContract } from '../../src/http/contract';
import { createKey, signUp } from './accounts.support';
import { generatedStore, type GeneratedStore } from '../support/generatedStore';

/** An MCP client of the SDK over real HTTP, with the key in the header. */
async function mcpClient(baseUrl: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'ashare-api-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { 'X-API-KEY': key } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;

describe('MCP tool server at /mcp (SDK client over HTTP)', function () {
  this.timeout(120_000);
  let store: GeneratedStore;
  let client: Client;
  const direct = async (path: string, key = store.key) => {
    const response = await fetch(store.baseUrl + path, { headers: { 'X-API-KEY': key } });
    return { status: response.status, body: await response.json() };
  };
  const envelopeData = ({ code: _code, message: _message, ...rest }: Record<string, unknown>) => rest;

  before(async () => {
    store = await generatedStore();
    client = await mcpClient(store.baseUrl, store.key);
  });
  after(async () => {
    await client?.close();
  });

  it('lists one tool per /v1 data operation of the contract, named from its operationId in [a-z0-9_]{1,64}', async () => {
    const { tools } = await client.listTools();
    const expected = operationPolicies(loadContract())
      .filter((op) => op.credential === 'apiKey' && op.path.startsWith('/v1/'))
      .map((op) => op.operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    expect(tools.map((tool) => tool.name).sort()).to.deep.equal(expected.sort());
    expect(tools.length).to.equal(20);
    for (const tool of tools) expect(tool.name).to.match(/^[a-z0-9_]{1,64}$/);
    const daily = tools.find((tool) => tool.name === 'get_daily')!;
    expect(daily.description).to.match(/^Daily bars of stocks and indices/);
    expect(daily.inputSchema.required).to.deep.equal(['symbol']);
    expect(daily.inputSchema.properties!.adjusted).to.include({ type: 'boolean', default: true });
    expect(daily.inputSchema.properties!.end_date).to.include({ type: 'string', format: 'date', maxLength: 10 });
  });

  it('search_stocks answers what GET /v1/stock/search answers (format json), without the envelope code and message', async () => {
    const result = await client.callTool({ name: 'search_stocks', arguments: { keyword: 'SYN00012', limit: 5, format: 'json' } });
    const http = await direct('/v1/stock/search?keyword=SYN00012&limit=5');
    expect(result.isError).to.equal(undefined);
    expect(JSON.parse(textOf(result))).to.deep.equal(envelopeData(http.body));
    expect(result.structuredContent).to.deep.equal(envelopeData(http.body));
  });

  it('get_daily as a table: the columns once, each bar a row of values in the same order as the HTTP answer', async () => {
    const query = 'symbol=600004.SH&begin_date=2025-12-01&end_date=2025-12-31';
    const http = await direct(`/v1/market/daily?${query}`);
    const result = await client.callTool({ name: 'get_daily', arguments: { symbol: '600004.SH', begin_date: '2025-12-01', end_date: '2025-12-31' } });
    const { data } = JSON.parse(textOf(result));
    const bars = http.body.data.daily as Array<Record<string, unknown>>;
    expect(data.daily.columns).to.deep.equal(Object.keys(bars[0]!));
    expect(data.daily.rows).to.deep.equal(bars.map((bar) => Object.values(bar)));
    expect({ ...data, daily: undefined }).to.deep.equal({ ...http.body.data, daily: undefined });
  });

  it('a bad symbol is a tool error naming invalid_symbol and how to fix the call, not a protocol error', async () => {
    const result = await client.callTool({ name: 'get_basic_info', arguments: { symbol: '999999' } });
    expect(result.isError).to.equal(true);
    const http = await direct('/v1/stock/basic-info?symbol=999999');
    expect(textOf(result).split('\n')[0]).to.equal(`error invalid_symbol: ${http.body.message}`);
    expect(textOf(result)).to.contain('search_stocks finds codes');
  });

  it('an argument outside its schema is refused by the contract with its error code (dates: invalid_date_format)', async () => {
    const result = await client.callTool({ name: 'get_daily', arguments: { symbol: '600004', begin_date: '2025-13-01' } });
    expect([result.isError, textOf(result).split(':')[0]]).to.deep.equal([true, 'error invalid_date_format']);
  });

  it('without a key, or with a wrong one, /mcp answers 401 invalid_key and the SDK client cannot connect', async () => {
    for (const headers of [{}, { 'X-API-KEY': 'ak_wrong_wrong_wrong' }] as Array<Record<string, string>>) {
      const response = await fetch(`${store.baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect([response.status, await response.json()]).to.deep.equal([401, { code: 401, message: 'Unauthorized: Invalid API key', error: 'invalid_key' }]);
    }
    const refused = await mcpClient(store.baseUrl).then(() => null, (err: unknown) => err);
    expect(refused).to.be.instanceOf(Error);
  });

  it('the key may come as api_key in the URL, as for the data routes', async () => {
    const viaQuery = new Client({ name: 'query-key', version: '1.0.0' });
    await viaQuery.connect(new StreamableHTTPClientTransport(new URL(`${store.baseUrl}/mcp?api_key=${store.key}`)));
    expect((await viaQuery.listTools()).tools.length).to.equal(20);
    await viaQuery.close();
  });

  it("every tool call counts against the account's per-minute budget, like an HTTP request", async () => {
    const user = await signUp(store.baseUrl, 'mcp-limit');
    const { key } = await createKey(store.baseUrl, user.token);
    await store.db('accounts').where({ id: user.userId }).update({ plan_id: 'enterprise', rate_limit_per_minute: 2 });
    const limited = await mcpClient(store.baseUrl, key);
    const call = () => limited.callTool({ name: 'get_trading_calendar', arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' } });
    const results = [await call(), await call(), await call()];
    expect(results.map((result) => result.isError ?? false)).to.deep.equal([false, false, true]);
    expect(textOf(results[2]!)).to.match(/^error rate_limit_exceeded: .*\nThe per-minute budget of the plan is spent: wait the seconds in Retry-After, then call again\. Retry-After: \d+ s\.$/s);
    await limited.close();
  });

  it("a key without a tool's scope gets insufficient_permissions for it, and its other tools work", async () => {
    const user = await signUp(store.baseUrl, 'mcp-scope');
    const { key } = await createKey(store.baseUrl, user.token, { name: 'market only', scopes: ['market'] });
    const scoped = await mcpClient(store.baseUrl, key);
    const refused = await scoped.callTool({ name: 'search_stocks', arguments: { keyword: 'SYN' } });
    expect([refused.isError, textOf(refused).split(':')[0]]).to.deep.equal([true, 'error insufficient_permissions']);
    const allowed = await scoped.callTool({ name: 'get_trading_calendar', arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' } });
    expect(allowed.isError).to.equal(undefined);
    await scoped.close();
  });

  it('a tool call is counted in usage under its operation', async () => {
    const user = await signUp(store.baseUrl, 'mcp-usage');
    const { key } = await createKey(store.baseUrl, user.token);
    const counted = await mcpClient(store.baseUrl, key);
    await counted.callTool({ name: 'get_trading_calendar', arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' } });
    await counted.close();
    // Read as the console reads it (the usage route takes the session).
    const response = await fetch(`${store.baseUrl}/api/v1/billing/usage`, { headers: { Authorization: `Bearer ${user.token}` } });
    const { data } = await response.json();
    expect(data.by_endpoint).to.deep.equal([{ endpoint: '/v1/market/trading-calendar', count: 1 }]);
  });

  it(`50 symbols × 3 years of daily bars stay within the budget (${TOOL_RESULT_BUDGET_CHARS} characters) with a note on how to narrow`, async () => {
    const { body } = await direct('/v1/stock/list?limit=50');
    const symbols = (body.data as Array<{ symbol: string }>).map((row) => row.symbol);
    expect(symbols.length).to.equal(50);
    const args = { symbol: symbols.join(','), begin_date: '2023-01-01', end_date: '2025-12-31', limit: 1000 };
    const http = await direct(`/v1/market/daily?symbol=${args.symbol}&begin_date=${args.begin_date}&end_date=${args.end_date}&limit=1000`);
    expect(JSON.stringify(http.body).length).to.be.above(10 * TOOL_RESULT_BUDGET_CHARS);
    for (const format of ['table', 'json']) {
      const result = await client.callTool({ name: 'get_daily', arguments: { ...args, format } });
      const text = textOf(result);
      expect(text.length).to.be.at.most(TOOL_RESULT_BUDGET_CHARS + 1000);
      const parsed = JSON.parse(text);
      expect(parsed.truncated).to.match(/^Truncated to the result budget of 60000 characters \(about 15000 tokens\): \$\.data/);
      expect(parsed.truncated).to.contain('a shorter date range (begin_date/end_date), fewer symbols');
    }
  });

  it('GET /mcp is 405 (stateless: no stream), and a Host outside the allowed names is refused (DNS rebinding)', async () => {
    const get = await fetch(`${store.baseUrl}/mcp`, { headers: { 'X-API-KEY': store.key } });
    expect(get.status).to.equal(405);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${store.baseUrl}/mcp`);
      const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { Host: 'evil.example.com', 'X-API-KEY': store.key, 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).to.equal(403);
  });
});
