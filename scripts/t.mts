import { toolCatalog } from '../src/mcp/toolCatalog';
import { loadContract } from '../src/http/contract';
const tools = toolCatalog(loadContract());
const listed = tools.map(({ name, title, description, inputSchema }) => ({ name, description, inputSchema, annotations: { title, readOnlyHint: true, openWorldHint: false } }));
console.log('total', JSON.stringify({ tools: listed }).length);
for (const t of listed) console.log(t.name, JSON.stringify(t).length);
console.log(JSON.stringify(listed.find(t=>t.name==='get_daily')));
console.log(JSON.stringify(listed.find(t=>t.name==='get_cash_flow')));
