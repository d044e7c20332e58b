// The console talks to /api/v1 with the session token kept in sessionStorage (gone when the tab closes).
const $ = (id) => document.getElementById(id);
const TOKEN = 'ashare-console-token';

function say(text, ok = false) {
  $('message').textContent = text;
  $('message').className = ok ? 'ok' : '';
}

async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const token = sessionStorage.getItem(TOKEN);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = response.status === 204 ? null : await response.json();
  if (response.status === 401 && token) signOutLocally();
  if (!response.ok) throw new Error(payload?.message ?? `HTTP ${response.status}`);
  return payload;
}

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const day = (iso) => (iso ? iso.slice(0, 10) : '—');
const money = (cents) => `¥${(cents / 100).toFixed(2)}`;

function signOutLocally() {
  sessionStorage.removeItem(TOKEN);
  $('signed-in').hidden = true;
  $('whoami').hidden = true;
  $('signed-out').hidden = false;
}

async function signIn(email, password) {
  const { data } = await api('POST', '/auth/login', { email, password });
  sessionStorage.setItem(TOKEN, data.token);
  await showAccount();
}

async function showAccount() {
  const { data: user } = await api('GET', '/auth/me');
  $('user-email').textContent = user.email;
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('whoami').hidden = false;
  await Promise.all([showPlans(), showUsage(), showKeys(), showInvoices(), showData()]);
}

async function showPlans() {
  const [{ data: subscription }, { data: plans }] = await Promise.all([
    api('GET', '/billing/subscription'),
    api('GET', '/billing/plans'),
  ]);
  $('plan-name').textContent = subscription.plan.name;
  $('plan-limit').textContent = String(subscription.rate_limit_per_minute);
  const list = $('plans');
  list.replaceChildren();
  for (const plan of plans) {
    const card = element('div', undefined, {
      class: plan.id === subscription.plan.id ? 'plan current' : 'plan',
      'data-plan': plan.id,
    });
    card.append(
      element('strong', plan.name),
      element('div', plan.id === 'enterprise' ? 'by contract' : `${money(plan.price_monthly_cents)} / month`),
    );
    card.append(
      element(
        'div',
        `${plan.rate_limit_per_minute ?? 'custom'} req/min · ${plan.daily_delay_minutes ? `${plan.daily_delay_minutes}-min delay` : 'real time'}`,
      ),
    );
    if (plan.id === subscription.plan.id) card.append(element('div', 'Current plan'));
    else if (plan.id !== 'enterprise') {
      const button = element('button', `Switch to ${plan.name}`, { type: 'button', class: 'secondary' });
      button.addEventListener('click', () =>
        run(async () => {
          await api('POST', '/billing/subscription', { plan: plan.id });
          await Promise.all([showPlans(), showInvoices()]);
          say(`Plan changed to ${plan.name}.`, true);
        }),
      );
      card.append(button);
    }
    list.append(card);
  }
}

async function showUsage() {
  const { data: usage } = await api('GET', '/billing/usage');
  $('usage-total').textContent = String(usage.total);
  const chart = $('usage-chart');
  chart.replaceChildren();
  const max = Math.max(1, ...usage.daily.map((d) => d.count));
  const width = 600 / usage.daily.length;
  usage.daily.forEach((d, i) => {
    const height = (d.count / max) * 130;
    const bar = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    for (const [name, value] of Object.entries({ x: i * width + 1, y: 140 - height, width: width - 2, height }))
      bar.setAttribute(name, String(value));
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = `${d.date}: ${d.count}`;
    bar.append(title);
    chart.append(bar);
  });
  for (const [i, d] of [
    [0, usage.daily[0]],
    [usage.daily.length - 1, usage.daily.at(-1)],
  ]) {
    const label = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    label.setAttribute('x', String(i === 0 ? 0 : 600));
    label.setAttribute('y', '155');
    label.setAttribute('text-anchor', i === 0 ? 'start' : 'end');
    label.textContent = d.date;
    chart.append(label);
  }
}

async function showKeys() {
  const { data: keys } = await api('GET', '/api-keys');
  const rows = keys.map((key) => {
    const row = element('tr', undefined, { 'data-key-id': String(key.id) });
    row.append(
      element('td', key.name),
      element('td', key.prefix + '…'),
      element('td', key.scopes.join(', ')),
      element('td', day(key.created_at)),
      element('td', day(key.last_used_at)),
    );
    const actions = element('td');
    const rename = element('button', 'Rename', { type: 'button', class: 'secondary' });
    rename.addEventListener('click', () =>
      run(async () => {
        const name = prompt('New name', key.name);
        if (!name) return;
        await api('PUT', `/api-keys/${key.id}`, { name });
        await showKeys();
      }),
    );
    const remove = element('button', 'Delete', { type: 'button', class: 'danger' });
    remove.addEventListener('click', () =>
      run(async () => {
        if (!confirm(`Delete key "${key.name}"? It stops working at once.`)) return;
        await api('DELETE', `/api-keys/${key.id}`);
        $('new-key').hidden = true;
        await showKeys();
        say('Key deleted.', true);
      }),
    );
    actions.append(rename, ' ', remove);
    row.append(actions);
    return row;
  });
  $('keys').replaceChildren(...rows);
}

async function showInvoices() {
  const { data: invoices } = await api('GET', '/billing/history?limit=20');
  $('invoices').replaceChildren(
    ...invoices.map((invoice) => {
      const row = element('tr');
      row.append(
        element('td', day(invoice.created_at)),
        element('td', invoice.plan),
        element('td', invoice.previous_plan ?? '—'),
        element('td', money(invoice.amount_cents)),
        element('td', `${invoice.period_start} → ${invoice.period_end}`),
      );
      return row;
    }),
  );
}

/** An ISO instant to the minute, as `YYYY-MM-DD HH:MM`. */
const minute = (iso) => iso.slice(0, 16).replace('T', ' ');

async function showData() {
  const { data } = await api('GET', '/data/status');
  const { coverage, runs } = data;
  $('expected-session').textContent = coverage.expected_session ?? '—';
  $('data-as-of').textContent = `as of ${minute(coverage.as_of)} Beijing`;
  $('coverage').replaceChildren(
    ...coverage.datasets.map((entry) => {
      const row = element('tr', undefined, {
        'data-dataset': entry.dataset,
        class: entry.lag_sessions ? 'behind' : '',
      });
      const update = entry.last_update
        ? `${minute(entry.last_update.finished_at)} UTC · ${entry.last_update.source}`
        : '—';
      row.append(
        element('td', entry.dataset),
        element('td', entry.first ?? '—'),
        element('td', entry.last ?? '—'),
        element('td', entry.lag_sessions === null ? '—' : String(entry.lag_sessions)),
        element('td', String(entry.missing_sessions.length), { title: entry.missing_sessions.join(' ') }),
        element('td', String(entry.partial_sessions.length), { title: entry.partial_sessions.join(' ') }),
        element('td', String(entry.failed_sessions.length), { title: entry.failed_sessions.join(' ') }),
        element('td', update),
        element('td', entry.next_update ? minute(entry.next_update) : '—'),
      );
      return row;
    }),
  );
  if (runs.length === 0) {
    const row = element('tr');
    row.append(
      element('td', 'No update has run yet: the operator sets SYNC_SCHEDULE, or runs `ashare update`.', {
        colspan: '7',
      }),
    );
    $('update-runs').replaceChildren(row);
    return;
  }
  $('update-runs').replaceChildren(
    ...runs.map((run) => {
      const row = element('tr');
      row.append(
        element('td', `${minute(run.started_at)} UTC`),
        element('td', run.source),
        element('td', run.trigger),
        element('td', run.status),
        element('td', String(run.sessions)),
        element('td', String(run.rows)),
        element('td', run.error ?? ''),
      );
      return row;
    }),
  );
}

/** Runs a UI action, reporting its failure in the status line. */
async function run(action) {
  try {
    say('');
    await action();
  } catch (err) {
    say(err.message);
  }
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

$('login-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const { email, password } = formData(event.target);
  run(() => signIn(email, password));
});

$('register-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const { name, email, password } = formData(event.target);
  run(async () => {
    await api('POST', '/auth/register', name ? { email, password, name } : { email, password });
    await signIn(email, password);
    say('Account created. Welcome!', true);
  });
});

$('logout').addEventListener('click', () =>
  run(async () => {
    await api('POST', '/auth/logout');
    signOutLocally();
  }),
);

$('create-key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  run(async () => {
    const { data } = await api('POST', '/api-keys', { name: formData(form).name });
    $('new-key-value').textContent = data.key;
    $('new-key').hidden = false;
    form.reset();
    await showKeys();
  });
});

$('copy-key').addEventListener('click', () =>
  run(async () => {
    await navigator.clipboard.writeText($('new-key-value').textContent);
    say('Copied.', true);
  }),
);

$('refresh-usage').addEventListener('click', () => run(showUsage));
$('refresh-data').addEventListener('click', () => run(showData));

if (sessionStorage.getItem(TOKEN)) run(showAccount);
