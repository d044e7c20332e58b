import type { Contract } from '../http/contract';
import { RESULT_STORE_LIMITS } from './resultStore';

/**
 * What an agent client shows besides the tools: the server's instructions (the rules every tool shares, said
 * once instead of in each tool's schema), the contract's guide as resources, and prompts that chain the tools.
 */

export const INSTRUCTIONS =
  'China A-share market data (SSE, SZSE, BSE). Symbols: 600519, sh.600519 or 600519.SH; an index needs the ' +
  'standard form (000300.SH); search_stocks finds codes by name or pinyin initials. Dates YYYY-MM-DD (or YYYYMMDD); lists come ' +
  'newest first; prices forward-adjusted by default (adjusted=false: traded prices with adj_factor). A list answers ' +
  'one page: limit=N rows a page (periods a symbol for statements), page=K; its pagination counts the pages. ' +
  'Every data tool answers CSV (the header once, one row per record; format=json for objects) within about ' +
  `15,000 tokens. store_as=<table> keeps all rows out of the context in your own SQLite tables (${RESULT_STORE_LIMITS.tablesPerKey} tables × ` +
  `${RESULT_STORE_LIMITS.rowsPerTable.toLocaleString('en')} rows, one hour) and answers a preview; query_results runs a read-only SELECT over them. ` +
  'Whole-market tools store by default. The guide is in the resources; errors say how to fix the call.';

export interface GuideResource {
  uri: string;
  name: string;
  text: string;
}

const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One resource per `## ` section of the contract's description (getting started, envelope, symbols, adjustment, …). */
export function guideResources(contract: Contract): GuideResource[] {
  const sections = (contract.info.description ?? '').split(/^## /m).slice(1);
  return sections.map((section) => {
    const heading = section.slice(0, section.indexOf('\n')).trim();
    return { uri: `ashare://guide/${slug(heading)}`, name: heading, text: `## ${section.trim()}\n` };
  });
}

export interface GuidePrompt {
  name: string;
  description: string;
  arguments: Array<{ name: string; description: string; required: boolean }>;
  text(args: Record<string, string>): string;
}

export const GUIDE_PROMPTS: GuidePrompt[] = [
  {
    name: 'compare_stocks',
    description: 'Compare a few stocks over a period: price performance, valuation and profitability.',
    arguments: [
      { name: 'symbols', description: 'comma-separated symbols, e.g. 600519,000858', required: true },
      { name: 'begin_date', description: 'first day, YYYY-MM-DD', required: false },
    ],
    text: ({ symbols, begin_date: begin }) =>
      `Compare ${symbols}${begin ? ` since ${begin}` : ' over the last year'}. ` +
      `1) get_daily with store_as=prices for all of them at once; query_results for each symbol's first and last close and return. ` +
      '2) get_financial_metrics (period annual) for ROE, margins and growth. ' +
      '3) Summarise in a small table, naming the dates and the adjustment anchor (adj_anchor_date).',
  },
  {
    name: 'screen_cross_section',
    description: 'Screen the whole market on one day by valuation and price (e.g. PE under 15 and rising).',
    arguments: [
      { name: 'criteria', description: 'the screen in words, e.g. "pe_ttm < 15 and pct_change > 3"', required: true },
      { name: 'date', description: 'trading day, YYYY-MM-DD (default: the latest)', required: false },
    ],
    text: ({ criteria, date }) =>
      `Screen the market${date ? ` on ${date}` : ' on the latest trading day'} for: ${criteria}. ` +
      'Call get_market_cross_section with only the columns the screen needs (fields=name,close,pct_change,pe_ttm,pb,total_mv) ' +
      'and, where the screen allows, an exchange, board or industry filter: 5,000 rows otherwise. It stores its rows as a table; then query_results with a SELECT ' +
      'that applies the screen, orders by the most telling column and keeps 20 rows. Report the symbols, names and figures.',
  },
  {
    name: 'explain_adjustment',
    description: "Explain a stock's forward-adjusted prices around its ex-dates, with the numbers.",
    arguments: [{ name: 'symbol', description: 'one symbol, e.g. 000001.SZ', required: true }],
    text: ({ symbol }) =>
      `Explain the price adjustment of ${symbol}. Read the resource ashare://guide/adjustment-a-worked-example for the rule. ` +
      'get_adjustment_factor for its factors; find the latest ex-date (where the factor steps); get_daily around it with ' +
      'adjusted=false and with adjusted=true; show close × AF(t) / AF(anchor) for the day before and the ex-date.',
  },
];
