import { element, figure, get, yearsBefore } from './api.js';
import { smallChart } from './chart.js';

/**
 * A tab of one figure a day over the year up to the dataset's last row for the security (the routes' default is
 * the year up to today): a histogram coloured up and down, or a line.
 */
function dailySeries(route, title, kind, value) {
  return async (panel, symbol, colors, span) => {
    const rows = await get(route, { symbol, begin_date: yearsBefore(span.last, 1), end_date: span.last, limit: 250 });
    const box = chartIn(panel);
    panel.replaceChildren(element('p', title), box);
    // Rows come newest first; the chart wants the oldest first.
    const points = [...rows].reverse().map((row) => ({ time: row.date, value: value(row) }));
    smallChart(box, kind, points, kind === 'line' ? colors.line : colors);
  };
}

/** What a tab shows of one security, each from its own /v1 route (an error or no rows: a line saying so). */
const PANELS = {
  moneyflow: dailySeries(
    '/v1/market/money-flow',
    'Net money flow a day, ten thousand yuan',
    'histogram',
    (row) => row.net_mf_amount / 10_000,
  ),
  margin: dailySeries('/v1/market/margin-detail', 'Margin financing balance, yuan', 'line', (row) => row.rzye),
  holders: async (panel, symbol) => {
    const rows = await get('/v1/stock/top-holders', { symbol, limit: 10 });
    const table = element('table');
    table.append(element('caption', rows.length ? `Top holders, ${rows[0].period}` : 'No holders'));
    const head = table.createTHead().insertRow();
    for (const name of ['Holder', 'Shares', '% of total']) head.append(element('th', name, { scope: 'col' }));
    const body = table.createTBody();
    for (const row of rows.filter((holder) => holder.period === rows[0].period)) {
      const tr = body.insertRow();
      tr.append(
        element('td', row.holder_name),
        element('td', figure(row.hold_amount, 0)),
        element('td', figure(row.hold_ratio)),
      );
    }
    panel.replaceChildren(table);
  },
  income: async (panel, symbol, colors, span) => {
    const range = { begin_date: yearsBefore(span.last, 3), end_date: span.last };
    const series = await get('/v1/financials/income-statement', { symbol, period: 'quarterly', ...range, limit: 12 });
    const statements = [...(Array.isArray(series) ? series[0] : series).income_statements].reverse();
    const points = (field) => statements.map((row) => ({ time: row.report_date, value: (row[field] ?? 0) / 1e8 }));
    panel.replaceChildren(element('p', 'Revenue and net profit a report, hundred million yuan (year to date)'));
    for (const [field, label] of [
      ['revenue', 'Revenue'],
      ['net_profit', 'Net profit'],
    ]) {
      const box = element('div', null, { class: 'small-chart', role: 'img', 'aria-label': `${label} by report` });
      panel.append(element('h3', label), box);
      smallChart(box, 'histogram', points(field), colors);
    }
  },
};

const chartIn = (panel) => element('div', null, { class: 'small-chart', role: 'img', 'aria-label': panel.id });

/** The dataset of each tab in the coverage report (the holders' is not there: asked for all the same). */
const DATASETS = {
  moneyflow: ['moneyflow', 'money flow'],
  margin: ['margin_detail', 'margin detail'],
  income: ['income', 'income statements'],
};

/** Fills a tab's panel for a security: its route's rows drawn, or why there are none. */
export async function fillPanel(name, panel, symbol, colors, coverage) {
  const [dataset, what] = DATASETS[name] ?? [];
  const span = coverage.get(dataset);
  if (dataset && !span?.rows) return panel.replaceChildren(element('p', `No ${what} stored for ${symbol}`));
  panel.replaceChildren(element('p', 'Loading…'));
  try {
    await PANELS[name](panel, symbol, colors, span);
  } catch (error) {
    panel.replaceChildren(element('p', error.message));
  }
}
