import { element, figure, get } from './api.js';

/** The columns of the market table: the cross-section's field, its heading, and its decimals (null: text). */
const COLUMNS = [
  ['symbol', 'Code', null],
  ['name', 'Name', null],
  ['close', 'Close', 2],
  ['pct_change', 'Change %', 2],
  ['change', 'Change', 2],
  ['volume', 'Volume (lots)', 0],
  ['amount', 'Amount (yuan)', 0],
  ['turnover_rate', 'Turnover %', 2],
  ['pe_ttm', 'PE TTM', 2],
  ['pb', 'PB', 2],
  ['total_mv', 'Market value', 0],
];

/**
 * The whole market of a day as a table: sortable by any column (a button in each heading, `aria-sort` on the
 * sorted one), filtered by code or name here and by board and industry on the route, each change coloured
 * (up or down by the page's convention); a code opens the security.
 */
export class MarketTable {
  constructor(table, caption, onOpen) {
    this.table = table;
    this.caption = caption;
    this.onOpen = onOpen;
    this.rows = [];
    this.sort = { field: 'pct_change', descending: true };
    this.filter = '';
    const head = table.tHead.rows[0];
    for (const [field, label] of COLUMNS) {
      const button = element('button', label, { type: 'button' });
      button.addEventListener('click', () => this.sortBy(field));
      const th = element('th', null, { scope: 'col', 'data-field': field });
      th.append(button);
      head.append(th);
    }
  }

  async load({ date, board, industry }) {
    const section = await get('/v1/market/cross-section', { date, board, industry });
    this.rows = section.securities;
    this.date = section.date;
    this.render();
    return section.date;
  }

  setFilter(text) {
    this.filter = text.trim().toLowerCase();
    this.render();
  }

  sortBy(field) {
    this.sort = {
      field,
      descending: this.sort.field === field ? !this.sort.descending : field !== 'symbol' && field !== 'name',
    };
    this.render();
  }

  /** The rows shown: filtered, then sorted (nulls last either way). */
  shown() {
    const { field, descending } = this.sort;
    const rows = this.rows.filter(
      (row) =>
        !this.filter || row.symbol.toLowerCase().includes(this.filter) || row.name.toLowerCase().includes(this.filter),
    );
    return rows.sort((a, b) => {
      if (a[field] === null) return 1;
      if (b[field] === null) return -1;
      const order = typeof a[field] === 'string' ? a[field].localeCompare(b[field]) : a[field] - b[field];
      return descending ? -order : order;
    });
  }

  render() {
    const rows = this.shown();
    this.caption.textContent = `${rows.length} of ${this.rows.length} securities on ${this.date}, by ${this.sort.field} ${this.sort.descending ? 'descending' : 'ascending'}`;
    for (const th of this.table.tHead.rows[0].cells)
      if (th.dataset.field === this.sort.field)
        th.setAttribute('aria-sort', this.sort.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    const body = document.createElement('tbody');
    for (const row of rows) {
      const tr = body.insertRow();
      const direction = row.pct_change > 0 ? 'up' : row.pct_change < 0 ? 'down' : '';
      for (const [field, , digits] of COLUMNS) {
        const td = tr.insertCell();
        if (field === 'symbol') {
          const open = element('button', row.symbol, { type: 'button', class: 'link' });
          open.addEventListener('click', () => this.onOpen({ symbol: row.symbol, name: row.name }));
          td.append(open);
        } else td.textContent = digits === null ? row[field] : figure(row[field], digits);
        if (direction && (field === 'pct_change' || field === 'change' || field === 'close')) td.className = direction;
      }
    }
    this.table.tBodies[0].replaceWith(body);
  }
}
