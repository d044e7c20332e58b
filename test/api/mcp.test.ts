import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_RESULT_BUDGET_CHARS } from '../../src/domain/answers/toolResults';
import { operationPolicies } from '../../src/http/operations';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { loadContract } from '../../src/http/contract';
import { createKey, signUp } from '../support/accounts';
import { generatedStore, type GeneratedStore } from '../support/generatedStore';
import { mcpClient, textOf } from '../support/mcpClient';

/**
 * What an agent pays before it asks anything: the whole tools/list JSON of either shape, whatever the number of
 * datasets (issue 65): the datasets' routes are listed as two tools, a dataset more costs its name (12,309 for
 * 55 operations in 36 tools when it was set; before the groups, 17,585 for 55 tools).
 */
const TOOL_LIST_BUDGET = 15_000;
const toolNameOf = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
// Not a tool: the stream (it never ends), a flat file's bytes and its HEAD (the manifest, get_flat_files, is one).
const NOT_TOOLS = ['getStream', 'getFlatFile', 'headFlatFile'];
const dataToolNames = operationPolicies(loadContract())
  .filter((op) => op.credential === 'apiKey' && op.path.startsWith('/v1/') && !NOT_TOOLS.includes(op.operationId))
  .map((op) => toolNameOf(op.operationId));
/** The datasets' routes, listed in the two groups (src/mcp/toolGroups.ts). */
const groupedToolNames = new Set(
  DATASET_DESCRIPTORS.flatMap(({ route }) => (route === undefined ? [] : [toolNameOf(route.operationId)])),
);
const listedToolNames = [
  ...dataToolNames.filter((name) => !groupedToolNames.has(name)),
  'get_market_dataset',
  'get_disclosures',
  'query_results',
];
const calendarWeek = { begin_date: '2025-12-01', end_date: '2025-12-05' };

describe('MCP tool server at /mcp (SDK client over HTTP)', function () {
  this.timeout(120_000);
  let store: GeneratedStore;
  let client: Client;
  const direct = async (path: string, key = store.key) => {
    const response = await fetch(store.baseUrl + path, { headers: { 'X-API-KEY': key } });
    return { status: response.status, body: await response.json() };
  };
  const envelopeData = ({ code: _code, message: _message, ...rest }: Record<string, unknown>) => rest;
  const fiftySymbols = async () => {
    const { body } = await direct('/v1/stock/list?limit=50');
    const symbols = (body.data as Array<{ symbol: string }>).map((row) => row.symbol);
    expect(symbols.length).to.equal(50);
    return symbols;
  };
  /** tools/list as the wire carries it (the SDK client would parse it into objects). */
  const rawToolsList = async (shape: 'flat' | 'compact') => {
    const response = await fetch(`${store.baseUrl}/mcp${shape === 'compact' ? '?tools=compact' : ''}`, {
      method: 'POST',
      headers: {
        'X-API-KEY': store.key,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    return ((await response.json()) as { result: { tools: Array<Record<string, unknown>> } }).result;
  };

  before(async () => {
    store = await generatedStore();
    client = await mcpClient(store.baseUrl, store.key);
  });
  after(async () => {
    await client?.close();
  });

  it('lists one tool per /v1 data operation of the contract, named from its operationId in [a-z0-9_]{1,64}, the datasets’ in two, and query_results', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).to.deep.equal([...listedToolNames].sort());
    for (const tool of tools) expect(tool.name).to.match(/^[a-z0-9_]{1,64}$/);
    const daily = tools.find((tool) => tool.name === 'get_daily')!;
    expect(daily.description).to.equal('Daily bars of stocks and indices, forward-adjusted or unadjusted.');
    expect(daily.annotations).to.deep.equal({ readOnlyHint: true });
    expect(daily.inputSchema.required).to.deep.equal(['symbol']);
    expect(daily.inputSchema.properties!.adjusted).to.deep.equal({ type: 'boolean', default: true });
    expect(daily.inputSchema.properties!.end_date).to.deep.equal({ type: 'string' });
    // format and store_as are every tool's: the instructions say so once, not each tool's schema.
    expect(daily.inputSchema.properties).to.not.have.any.keys('format', 'store_as');
    // An enum is listed by its values alone; the reference (search_endpoints) keeps its type and default.
    const income = tools.find((tool) => tool.name === 'get_income_statement')!;
    expect(income.inputSchema.properties!.period).to.deep.equal({ enum: ['annual', 'quarterly', 'ttm'] });
  });

  it('a list pages as the instructions say, with limit and page it does not list: the answer counts the pages', async () => {
    const { tools } = await client.listTools();
    const stockList = tools.find((tool) => tool.name === 'get_stock_list')!;
    expect(stockList.inputSchema.properties).to.not.have.any.keys('limit', 'page', 'offset');
    expect(client.getInstructions()).to.match(/limit=N rows a page .*page=K/);
    const second = textOf(await client.callTool({ name: 'get_stock_list', arguments: { limit: 2, page: 2 } }));
    const { body } = await direct('/v1/stock/list?limit=2&page=2');
    const rows = (body.data as Array<{ symbol: string }>).map((row) => row.symbol);
    expect(
      second
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).to.deep.equal(rows);
    expect(JSON.parse(second.split('\n')[3]!)).to.deep.equal({ pagination: body.pagination });
  });

  for (const shape of ['flat', 'compact'] as const) {
    it(`the ${shape} tool list costs at most ${TOOL_LIST_BUDGET} characters of tools/list JSON, every tool annotated read-only`, async () => {
      const listing = await rawToolsList(shape);
      expect(JSON.stringify(listing).length).to.be.at.most(TOOL_LIST_BUDGET);
      for (const tool of listing.tools) expect(tool.annotations).to.deep.equal({ readOnlyHint: true });
      expect(listing.tools.map((tool) => tool.name)).to.include('query_results');
    });
  }

  it('the compact shape is three meta-tools that reach every data operation: search_endpoints finds it, call_endpoint calls it', async () => {
    const compact = await mcpClient(store.baseUrl, store.key, 'compact');
    expect((await compact.listTools()).tools.map((tool) => tool.name)).to.deep.equal([
      'search_endpoints',
      'call_endpoint',
      'query_results',
    ]);
    const found = JSON.parse(
      textOf(await compact.callTool({ name: 'search_endpoints', arguments: { query: 'daily bars' } })),
    );
    expect(found[0].name).to.equal('get_daily');
    expect(found[0].parameters.symbol.description).to.match(/^One symbol or up to 50 comma-separated symbols/);
    const callEndpoint = (await compact.listTools()).tools.find((tool) => tool.name === 'call_endpoint')!;
    expect((callEndpoint.inputSchema.properties!.endpoint as { enum: string[] }).enum.sort()).to.deep.equal(
      [...dataToolNames].sort(),
    );
    const viaMeta = await compact.callTool({
      name: 'call_endpoint',
      arguments: { endpoint: 'get_trading_calendar', arguments: calendarWeek },
    });
    const viaFlat = await client.callTool({ name: 'get_trading_calendar', arguments: calendarWeek });
    expect(textOf(viaMeta)).to.equal(textOf(viaFlat));
    const unknown = await compact.callTool({ name: 'call_endpoint', arguments: { endpoint: 'get_everything' } });
    expect([unknown.isError, textOf(unknown)]).to.deep.equal([
      true,
      'error not_found: no endpoint get_everything; search_endpoints names them',
    ]);
    await compact.close();
  });

  it('store_as keeps a year of daily bars of 50 symbols out of the context; query_results aggregates them; writes, PRAGMA and ATTACH are refused', async () => {
    const symbols = await fiftySymbols();
    const args = { symbol: symbols.join(','), begin_date: '2025-01-01', end_date: '2025-12-31', limit: 1000 };
    const http = await direct(
      `/v1/market/daily?symbol=${args.symbol}&begin_date=${args.begin_date}&end_date=${args.end_date}&limit=1000`,
    );
    const series = http.body.data as Array<{ symbol: string; daily: Array<{ close: number }> }>;
    const bars = series.reduce((sum, one) => sum + one.daily.length, 0);
    const stored = await client.callTool({ name: 'get_daily', arguments: { ...args, store_as: 'year' } });
    expect(textOf(stored).split('\n')[0]).to.match(
      new RegExp(`^Stored ${bars} rows as table year \\(columns: symbol, name, .*date, open`),
    );
    expect(textOf(stored).length).to.be.below(2000);
    const answer = await client.callTool({
      name: 'query_results',
      arguments: {
        sql: 'SELECT symbol, count(*) AS bars, max(close) AS top FROM year GROUP BY symbol ORDER BY symbol LIMIT 3',
      },
    });
    const expected = [...series]
      .sort((a, b) => a.symbol.localeCompare(b.symbol))
      .slice(0, 3)
      .map((one) => `${one.symbol},${one.daily.length},${Math.max(...one.daily.map((bar) => bar.close))}`);
    expect(textOf(answer)).to.equal(['symbol,bars,top', ...expected].join('\n'));
    for (const sql of [
      'DELETE FROM year',
      'PRAGMA table_info(year)',
      "ATTACH DATABASE '/tmp/x.db' AS x",
      'CREATE TABLE t (a)',
      'SELECT 1; DELETE FROM year',
    ]) {
      const refused = await client.callTool({ name: 'query_results', arguments: { sql } });
      expect([sql, refused.isError, textOf(refused).split(':')[0]]).to.deep.equal([sql, true, 'error invalid_query']);
    }
    const still = await client.callTool({
      name: 'query_results',
      arguments: { sql: 'SELECT count(*) AS n FROM year' },
    });
    expect(textOf(still)).to.equal(`n\n${bars}`);
    // A query without end is stopped at the statement timeout by ending its process.
    const endless = await client.callTool({
      name: 'query_results',
      arguments: { sql: 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r' },
    });
    expect([endless.isError, textOf(endless)]).to.deep.equal([
      true,
      'error invalid_query: the query ran longer than 2000 ms and was stopped; the stored tables are kept',
    ]);
    // The runaway's process is gone, its tables are not: the next question is answered from the same file.
    const kept = await client.callTool({ name: 'query_results', arguments: { sql: 'SELECT count(*) AS n FROM year' } });
    expect(textOf(kept)).to.equal(textOf(still));
  });

  it("one key's stored tables are not another's", async () => {
    const user = await signUp(store.baseUrl, 'mcp-store');
    const { key } = await createKey(store.baseUrl, user.token);
    const other = await mcpClient(store.baseUrl, key);
    await client.callTool({ name: 'get_trading_calendar', arguments: { ...calendarWeek, store_as: 'mine' } });
    const refused = await other.callTool({ name: 'query_results', arguments: { sql: 'SELECT * FROM mine' } });
    expect(refused.isError).to.equal(true);
    await other.close();
  });

  it('a store_as that names no table is refused before the data is asked, saying what a name is', async () => {
    const refused = await client.callTool({
      name: 'get_trading_calendar',
      arguments: { ...calendarWeek, store_as: 'My Table' },
    });
    expect([refused.isError, textOf(refused)]).to.deep.equal([
      true,
      'error invalid_parameter: store_as names a table: a lowercase letter, then up to 62 lowercase letters, digits or _',
    ]);
  });

  it('the guide is served as resources and three prompts chain the tools', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).to.include.members([
      'ashare://guide/getting-started',
      'ashare://guide/symbols',
    ]);
    const symbols = await client.readResource({ uri: 'ashare://guide/symbols' });
    expect((symbols.contents[0] as { text: string }).text).to.match(
      /^## Symbols\nA `symbol` is accepted in three equivalent formats/,
    );
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).to.deep.equal([
      'compare_stocks',
      'screen_cross_section',
      'explain_adjustment',
    ]);
    const prompt = await client.getPrompt({ name: 'explain_adjustment', arguments: { symbol: '000001.SZ' } });
    expect((prompt.messages[0]!.content as { text: string }).text).to.match(
      /^Explain the price adjustment of 000001\.SZ\./,
    );
  });

  it('search_stocks answers what GET /v1/stock/search answers (format json), without the envelope code and message', async () => {
    const result = await client.callTool({
      name: 'search_stocks',
      arguments: { keyword: 'SYN00012', limit: 5, format: 'json' },
    });
    const http = await direct('/v1/stock/search?keyword=SYN00012&limit=5');
    expect(result.isError).to.equal(undefined);
    expect(JSON.parse(textOf(result))).to.deep.equal(envelopeData(http.body));
    expect(result.structuredContent).to.deep.equal(envelopeData(http.body));
  });

  it('get_daily as CSV: the header once, the series fields on a # line, then each bar a row of values as the HTTP answer', async () => {
    const query = 'symbol=600004.SH&begin_date=2025-12-01&end_date=2025-12-31';
    const http = await direct(`/v1/market/daily?${query}`);
    const result = await client.callTool({
      name: 'get_daily',
      arguments: { symbol: '600004.SH', begin_date: '2025-12-01', end_date: '2025-12-31' },
    });
    const { daily, ...series } = http.body.data as { daily: Array<Record<string, unknown>> };
    const line = (values: unknown[]) => values.map((value) => (value === null ? '' : String(value))).join(',');
    const seriesLine = `# ${Object.entries(series)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ')}`;
    expect(textOf(result)).to.equal(
      [Object.keys(daily[0]!).join(','), seriesLine, ...daily.map((bar) => line(Object.values(bar)))].join('\n'),
    );
  });

  it('CSV costs under 60 % of the characters of JSON objects for daily bars', async () => {
    const symbols = (await fiftySymbols()).slice(0, 5);
    const args = { symbol: symbols.join(','), begin_date: '2025-10-01', end_date: '2025-12-31' };
    const csv = textOf(await client.callTool({ name: 'get_daily', arguments: args }));
    const json = textOf(await client.callTool({ name: 'get_daily', arguments: { ...args, format: 'json' } }));
    expect(csv.length).to.be.below(json.length * 0.6);
  });

  it('a bad symbol is a tool error naming invalid_symbol and how to fix the call, not a protocol error', async () => {
    const result = await client.callTool({ name: 'get_basic_info', arguments: { symbol: '999999' } });
    expect(result.isError).to.equal(true);
    const http = await direct('/v1/stock/basic-info?symbol=999999');
    expect(textOf(result).split('\n')[0]).to.equal(`error invalid_symbol: ${http.body.message}`);
    expect(textOf(result)).to.contain('search_stocks finds codes');
  });

  it('an argument outside its schema is refused by the contract with its error code (dates: invalid_date_format)', async () => {
    const result = await client.callTool({
      name: 'get_daily',
      arguments: { symbol: '600004', begin_date: '2025-13-01' },
    });
    expect([result.isError, textOf(result).split(':')[0]]).to.deep.equal([true, 'error invalid_date_format']);
  });

  it('a date may be given as Tushare writes it (YYYYMMDD): the same answer as YYYY-MM-DD', async () => {
    const compact = await client.callTool({
      name: 'get_trading_calendar',
      arguments: { begin_date: '20251201', end_date: '20251205', format: 'json' },
    });
    const iso = await client.callTool({ name: 'get_trading_calendar', arguments: { ...calendarWeek, format: 'json' } });
    expect(compact.isError, textOf(compact)).to.not.equal(true);
    expect(textOf(compact)).to.equal(textOf(iso));
  });

  it('without a key, or with a wrong one, /mcp answers 401 invalid_key and the SDK client cannot connect', async () => {
    for (const headers of [{}, { 'X-API-KEY': 'ak_wrong_wrong_wrong' }] as Array<Record<string, string>>) {
      const response = await fetch(`${store.baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect([response.status, await response.json()]).to.deep.equal([
        401,
        { code: 401, message: 'Unauthorized: Invalid API key', error: 'invalid_key' },
      ]);
    }
    const refused = await mcpClient(store.baseUrl).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).to.be.instanceOf(Error);
  });

  it('the key may come as api_key in the URL, as for the data routes', async () => {
    const viaQuery = new Client({ name: 'query-key', version: '1.0.0' });
    await viaQuery.connect(new StreamableHTTPClientTransport(new URL(`${store.baseUrl}/mcp?api_key=${store.key}`)));
    expect((await viaQuery.listTools()).tools.length).to.equal(listedToolNames.length);
    await viaQuery.close();
  });

  it("every tool call counts against the account's per-minute budget, like an HTTP request", async () => {
    const user = await signUp(store.baseUrl, 'mcp-limit');
    const { key } = await createKey(store.baseUrl, user.token);
    await store.db('accounts').where({ id: user.userId }).update({ plan_id: 'enterprise', rate_limit_per_minute: 2 });
    const limited = await mcpClient(store.baseUrl, key);
    const call = () =>
      limited.callTool({
        name: 'get_trading_calendar',
        arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' },
      });
    const results = [await call(), await call(), await call()];
    expect(results.map((result) => result.isError ?? false)).to.deep.equal([false, false, true]);
    expect(textOf(results[2]!)).to.match(
      /^error rate_limit_exceeded: .*\nThe per-minute budget of the plan is spent: wait the seconds in Retry-After, then call again\. Retry-After: \d+ s\.$/s,
    );
    await limited.close();
  });

  it("a key without a tool's scope gets insufficient_permissions for it, and its other tools work", async () => {
    const user = await signUp(store.baseUrl, 'mcp-scope');
    const { key } = await createKey(store.baseUrl, user.token, { name: 'market only', scopes: ['market'] });
    const scoped = await mcpClient(store.baseUrl, key);
    const refused = await scoped.callTool({ name: 'search_stocks', arguments: { keyword: 'SYN' } });
    expect([refused.isError, textOf(refused).split(':')[0]]).to.deep.equal([true, 'error insufficient_permissions']);
    const allowed = await scoped.callTool({
      name: 'get_trading_calendar',
      arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' },
    });
    expect(allowed.isError).to.equal(undefined);
    await scoped.close();
  });

  it('a tool call is counted in usage under its operation', async () => {
    const user = await signUp(store.baseUrl, 'mcp-usage');
    const { key } = await createKey(store.baseUrl, user.token);
    const counted = await mcpClient(store.baseUrl, key);
    await counted.callTool({
      name: 'get_trading_calendar',
      arguments: { begin_date: '2025-12-01', end_date: '2025-12-05' },
    });
    await counted.close();
    // Read as the console reads it (the usage route takes the session).
    const response = await fetch(`${store.baseUrl}/api/v1/billing/usage`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    const { data } = await response.json();
    expect(data.by_endpoint).to.deep.equal([{ endpoint: '/v1/market/trading-calendar', count: 1, bytes: 0 }]);
  });

  it(`50 symbols × 3 years of daily bars stay within the budget (${TOOL_RESULT_BUDGET_CHARS} characters) with a note on how to narrow`, async () => {
    const symbols = await fiftySymbols();
    const args = { symbol: symbols.join(','), begin_date: '2023-01-01', end_date: '2025-12-31', limit: 1000 };
    const http = await direct(
      `/v1/market/daily?symbol=${args.symbol}&begin_date=${args.begin_date}&end_date=${args.end_date}&limit=1000`,
    );
    expect(JSON.stringify(http.body).length).to.be.above(10 * TOOL_RESULT_BUDGET_CHARS);
    const csv = textOf(await client.callTool({ name: 'get_daily', arguments: args }));
    const json = JSON.parse(
      textOf(await client.callTool({ name: 'get_daily', arguments: { ...args, format: 'json' } })),
    );
    for (const text of [csv, JSON.stringify(json)]) expect(text.length).to.be.at.most(TOOL_RESULT_BUDGET_CHARS + 1000);
    const csvNote = csv.slice(csv.lastIndexOf('\n') + 1);
    for (const note of [csvNote, json.truncated]) {
      expect(note).to.match(/^Truncated to the result budget of 60000 characters \(about 15000 tokens\): \$\.data/);
      expect(note).to.contain('a shorter date range (begin_date/end_date), fewer symbols');
    }
  });

  it('GET /mcp is 405 (stateless: no stream), and a Host outside the allowed names is refused (DNS rebinding)', async () => {
    const get = await fetch(`${store.baseUrl}/mcp`, { headers: { 'X-API-KEY': store.key } });
    expect(get.status).to.equal(405);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${store.baseUrl}/mcp`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/mcp',
          method: 'POST',
          headers: { Host: 'evil.example.com', 'X-API-KEY': store.key, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).to.equal(403);
  });
});
