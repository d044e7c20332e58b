import { ApiError, apiKey, element, figure, get, setApiKey } from './api.js';
import { SecurityChart } from './chart.js';
import { MarketTable } from './market.js';
import { fillPanel } from './panels.js';

const $ = (id) => document.getElementById(id);
const state = { security: null, interval: 'daily', tab: 'moneyflow' };

function say(text) {
  $('message').textContent = text;
}

const colors = () => {
  const redUp = $('red-up').checked;
  return { up: redUp ? '#d62728' : '#1a9641', down: redUp ? '#1a9641' : '#d62728', line: '#1f5fbf' };
};

const chart = new SecurityChart($('chart'), showQuote, showDelay);
const market = new MarketTable($('market'), $('market-caption'), (security) => open(security));
// For a reader of the page (and its tests): what the chart and the table hold.
window.explorer = { chart, market, state };

/** The plan's minute delay, as the stream's answer says it: a visible mark when the data lags. */
function showDelay(minutes) {
  $('delay-mark').hidden = minutes === 0;
  $('delay-mark').textContent = `delayed ${minutes} min`;
}

function showQuote(quote) {
  const direction = quote.change > 0 ? 'up' : quote.change < 0 ? 'down' : '';
  const items = [
    ['Last', figure(quote.last, 3)],
    ['Change', `${figure(quote.change, 3)} (${figure(quote.pct_change)}%)`],
    ['Volume', figure(quote.volume, 0)],
    ['Time', quote.time],
  ];
  $('quote').replaceChildren(
    ...items.map(([label, value], i) => {
      const item = element('div');
      item.append(element('dt', label), element('dd', value, i < 2 && direction ? { class: direction } : {}));
      return item;
    }),
  );
}

async function open(security) {
  state.security = security;
  $('security').hidden = false;
  $('security-title').textContent = `${security.symbol} ${security.name}`;
  $('quote').replaceChildren();
  try {
    const { datasets } = await get('/v1/data/coverage', { symbol: security.symbol });
    state.coverage = new Map(datasets.map((dataset) => [dataset.dataset, dataset]));
  } catch (error) {
    return say(error.message);
  }
  await draw();
  await fillPanel(state.tab, $(`panel-${state.tab}`), security.symbol, colors(), state.coverage);
}

async function draw() {
  if (!state.security) return;
  try {
    await chart.show(state.security, state.interval, $('adjusted').checked, state.coverage);
    say('');
  } catch (error) {
    say(error instanceof ApiError ? `${state.security.symbol}: ${error.message}` : String(error));
  }
}

// The key.
$('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  setApiKey($('api-key').value);
  $('api-key').value = '';
  start();
});

// Search as you type: a combobox, arrows to move, Enter to open, Escape to close.
let searchTimer;
let options = [];
let active = -1;
function setActive(index) {
  active = index;
  [...$('suggestions').children].forEach((li, i) => li.setAttribute('aria-selected', String(i === active)));
  $('search').setAttribute('aria-activedescendant', active >= 0 ? `option-${active}` : '');
}
function closeSuggestions() {
  $('suggestions').hidden = true;
  $('search').setAttribute('aria-expanded', 'false');
  setActive(-1);
}
$('search').addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    const keyword = $('search').value.trim();
    if (!keyword) return closeSuggestions();
    try {
      options = await get('/v1/stock/search', { keyword, limit: 10 });
    } catch (error) {
      return say(error.message);
    }
    $('suggestions').replaceChildren(
      ...options.map((item, i) => {
        const li = element('li', `${item.standard_symbol} ${item.name}`, { role: 'option', id: `option-${i}` });
        li.addEventListener('mousedown', (event) => {
          event.preventDefault();
          choose(i);
        });
        return li;
      }),
    );
    $('suggestions').hidden = options.length === 0;
    $('search').setAttribute('aria-expanded', String(options.length > 0));
    setActive(options.length > 0 ? 0 : -1);
  }, 150);
});
$('search').addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (options.length) setActive((active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    if (active >= 0) choose(active);
  } else if (event.key === 'Escape') closeSuggestions();
});
function choose(index) {
  const item = options[index];
  closeSuggestions();
  $('search').value = `${item.standard_symbol} ${item.name}`;
  void open({ symbol: item.standard_symbol, name: item.name });
}

// Interval, adjustment and colours.
$('intervals').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-interval]');
  if (!button) return;
  for (const other of $('intervals').children) other.setAttribute('aria-checked', String(other === button));
  state.interval = button.dataset.interval;
  void draw();
});
$('intervals').addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const buttons = [...$('intervals').children];
  const at = buttons.findIndex((button) => button.getAttribute('aria-checked') === 'true');
  const next = buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
  next.focus();
  next.click();
});
$('adjusted').addEventListener('change', () => void draw());
$('red-up').addEventListener('change', () => {
  chart.setRedUp($('red-up').checked);
  document.body.classList.toggle('green-up', !$('red-up').checked);
  if (state.security)
    void fillPanel(state.tab, $(`panel-${state.tab}`), state.security.symbol, colors(), state.coverage);
});

// Tabs: arrows move between them.
const tabs = [...$('tabs').children];
function selectTab(tab) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
  state.tab = tab.id.slice(4);
  if (state.security)
    void fillPanel(state.tab, $(`panel-${state.tab}`), state.security.symbol, colors(), state.coverage);
}
$('tabs').addEventListener('click', (event) => {
  const tab = event.target.closest('[role=tab]');
  if (tab) selectTab(tab);
});
$('tabs').addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const at = tabs.indexOf(document.activeElement);
  const next = tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
  next.focus();
  selectTab(next);
});

// The market table.
$('market-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  await loadMarket();
});
$('market-filter').addEventListener('input', () => market.setFilter($('market-filter').value));
async function loadMarket() {
  try {
    $('market-date').value = await market.load({
      date: $('market-date').value,
      board: $('market-board').value,
      industry: $('market-industry').value.trim(),
    });
  } catch (error) {
    say(error.message);
  }
}

function start() {
  if (!apiKey()) return say('Paste an API key to start (the console at /console makes one).');
  say('');
  void loadMarket();
  if (state.security) void open(state.security);
}
start();
