import { expect } from 'chai';
import { rankEndpoints } from '../../src/mcp/endpointSearch';

const endpoints = [
  { name: 'get_daily', summary: 'Daily bars of stocks and indices', parameters: ['symbol', 'begin_date'] },
  { name: 'get_dividends', summary: 'Cash dividends and bonus shares', parameters: ['symbol', 'date_field'] },
  { name: 'get_klines', summary: 'Bars of any interval (minutes to years)', parameters: ['symbol', 'interval'] },
  { name: 'search_stocks', summary: 'Find securities by code, name or pinyin', parameters: ['keyword'] },
];

describe('domain/endpointSearch: ranking endpoints for an agent', () => {
  it('scores a word 3 in the name, 2 in the summary, 1 in a parameter, and sorts by score then catalog order', () => {
    // "daily bars": get_daily 3 + 2 (daily) + 2 (bars) = 7; get_klines 2 (bars); the others 0.
    expect(rankEndpoints(endpoints, 'daily bars').map((e) => e.name)).to.deep.equal(['get_daily', 'get_klines']);
    // "symbol": a parameter of three endpoints, 1 each: catalog order.
    expect(rankEndpoints(endpoints, 'symbol').map((e) => e.name)).to.deep.equal([
      'get_daily',
      'get_dividends',
      'get_klines',
    ]);
  });

  it('counts a prefix of three letters or more, ignores case and punctuation, and leaves out what matches nothing', () => {
    expect(rankEndpoints(endpoints, 'DIVID?').map((e) => e.name)).to.deep.equal(['get_dividends']);
    expect(rankEndpoints(endpoints, 'in')).to.deep.equal([]);
    expect(rankEndpoints(endpoints, 'symbol', 1).map((e) => e.name)).to.deep.equal(['get_daily']);
  });
});
