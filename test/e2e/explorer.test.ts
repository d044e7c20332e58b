import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { eventsOf } from '../../src/domain/market/liveEvents';
import { StreamHub } from '../../src/modules/market/streamHub.service';
import { snapshotAt } from '../support/quoteServer';
import { launchBrowserOrSkip } from '../support/browser';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { keyOnPlan } from '../support/marketData';
import { loadSampleData } from '../support/sampleRequests';
import { useTestServer } from '../support/server';
import { chartShows, sendFromReference, signInExplorer } from '../support/explorerPages';

/** Where the screenshots the README links are written (`E2E_SCREENSHOTS=docs` to refresh them). */
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Candle {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

describe('e2e: the market explorer in headless Chromium', function () {
  this.timeout(120_000);
  const hub = new StreamHub();
  let browser: Browser;
  // Before the server's own `after` (registered next): its close waits for the pages' open streams.
  after(async () => {
    hub.closeAll();
    await browser?.close();
  });
  const store = useTestServer(
    async (db) => {
      await loadReferenceDataIfEmpty(db);
      await loadSampleData(db);
    },
    { liveHub: hub },
  );
  const server = {
    get baseUrl() {
      return store.server.baseUrl;
    },
  };
  let enterpriseKey: string;
  let starterKey: string;

  before(async function () {
    browser = await launchBrowserOrSkip(this, 'the explorer browser test (test/e2e/explorer.test.ts)');
    enterpriseKey = await keyOnPlan(store.db, 'enterprise', { perMinute: 1_000_000 });
    starterKey = await keyOnPlan(store.db, 'starter', { perMinute: 1_000_000 });
  });

  /** A page that records its console and page errors and refuses (and records) every request to another host. */
  async function guardedPage(width: number, height: number) {
    const page = await browser.newPage({ viewport: { width, height } });
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(
      (url) => url.origin !== server.baseUrl,
      async (route) => {
        foreign.push(route.request().url());
        await route.abort();
      },
    );
    return { page, errors, foreign };
  }

  /** The explorer signed in with a key, on a guarded page. */
  async function explorer(key: string, width = 1100): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
    const guarded = await guardedPage(width, 1400);
    const { page } = guarded;
    await signInExplorer(page, server.baseUrl, key);
    return guarded;
  }

  /** The klines route's bars, oldest first, for the query the page asked with (`change`d). */
  const klines = async (page: Page, change: Record<string, string> = {}) => {
    const asked = await page.evaluate(
      () => (window as never as { explorer: { chart: { query: Record<string, string> } } }).explorer.chart.query,
    );
    const query = new URLSearchParams({ ...asked, ...change });
    const response = await fetch(`${server.baseUrl}/v1/market/klines?${query}`, {
      headers: { 'X-API-KEY': enterpriseKey },
    });
    return ((await response.json()).data.klines as Candle[]).reverse();
  };
  const candlesOf = (page: Page) =>
    page.evaluate(() => (window as never as { explorer: { chart: { bars(): Candle[] } } }).explorer.chart.bars());
  const ohlc = (bars: Candle[]) =>
    bars.map(({ time, open, high, low, close }) => ({ time: time.slice(0, 10), open, high, low, close }));

  it('finds a stock as one types, draws a candle per bar of the route with its OHLC, and the unadjusted prices at the toggle', async () => {
    const { page, errors, foreign } = await explorer(enterpriseKey);
    await page.getByRole('combobox', { name: 'Name, pinyin initials or code' }).fill('000001');
    // The index 000001.SH comes first: arrow down to the bank, Enter.
    await page.getByRole('option', { name: /000001\.SZ/ }).waitFor();
    await page.getByRole('combobox', { name: 'Name, pinyin initials or code' }).press('ArrowDown');
    await page.getByRole('combobox', { name: 'Name, pinyin initials or code' }).press('Enter');
    await page.getByRole('heading', { name: /000001\.SZ/ }).waitFor();
    await chartShows(page, 'candles');

    const adjusted = await klines(page);
    expect(adjusted.length).to.be.above(100);
    expect(ohlc(await candlesOf(page))).to.deep.equal(ohlc(adjusted));

    await page.getByLabel('Forward-adjusted').uncheck();
    const unadjusted = await klines(page, { adjusted: 'false' });
    await page.waitForFunction(
      (close) =>
        (window as never as { explorer: { chart: { bars(): Candle[] } } }).explorer.chart.bars()[0]?.close === close,
      unadjusted[0]!.close,
    );
    expect(ohlc(await candlesOf(page))).to.deep.equal(ohlc(unadjusted));
    // The first bars of 2024 are below their adjusted prices by the later dividends' factors.
    expect(unadjusted[0]!.close).to.be.above(adjusted[0]!.close);

    // The market table: every security of the latest day, sortable by a heading.
    await page.locator('#market tbody tr').first().waitFor();
    const section = await (
      await fetch(`${server.baseUrl}/v1/market/cross-section`, { headers: { 'X-API-KEY': enterpriseKey } })
    ).json();
    expect(await page.locator('#market tbody tr').count()).to.equal(section.data.securities.length);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await page.locator('th[data-field=close]').getAttribute('aria-sort')).to.equal('descending');

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.getByLabel('Forward-adjusted').check();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/explorer.png`, fullPage: true });
    }
    expect(errors).to.deep.equal([]);
    expect(foreign).to.deep.equal([]);
    await page.close();
  });

  it('moves the last candle with the stream; a starter sees the delay mark and no newer candle', async () => {
    const { page, errors } = await explorer(enterpriseKey);
    const starter = await explorer(starterKey);
    for (const { page: each } of [{ page }, starter]) {
      await each.getByRole('combobox', { name: 'Name, pinyin initials or code' }).fill('000001');
      await each.getByRole('option', { name: /000001\.SZ/ }).click();
      await chartShows(each, 'candles');
    }
    await page.locator('#delay-mark').waitFor({ state: 'hidden' });
    await starter.page.locator('#delay-mark', { hasText: 'delayed 15 min' }).waitFor();
    const before = await candlesOf(page);
    const last = before.at(-1)!;

    // A quote of now, Beijing time, above the last close: the enterprise page opens today's candle with it.
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const price = Math.round(last.close * 1.01 * 100) / 100;
    const quote = snapshotAt(now.slice(0, 10), '000001.SZ', '平安银行', now.slice(11), {
      last: price,
      open: price,
      high: price,
      low: price,
      pre_close: last.close,
      volume: 100,
      amount: price * 100,
    });
    hub.receive(eventsOf({ quotes: [quote], bars: [] }, () => 1));
    await page.waitForFunction(
      (count) =>
        (window as never as { explorer: { chart: { bars(): Candle[] } } }).explorer.chart.bars().length === count,
      before.length + 1,
    );
    expect((await candlesOf(page)).at(-1)).to.deep.include({ time: now.slice(0, 10), close: price });
    await page.locator('#quote', { hasText: String(price) }).waitFor();
    // The starter's stream holds the quote for 15 minutes: no newer candle, no quote.
    await starter.page.waitForTimeout(1500);
    expect(await candlesOf(starter.page)).to.deep.equal(before);
    expect(await starter.page.locator('#quote').innerText()).to.not.include(String(price));
    if (SHOTS) await starter.page.screenshot({ path: `${SHOTS}/explorer-starter.png` });
    expect([...errors, ...starter.errors]).to.deep.equal([]);
    await page.close();
    await starter.page.close();
  });

  it("keyboard: arrows through the intervals and tabs; a phone's width keeps the chart and the table", async () => {
    const { page, errors } = await explorer(enterpriseKey, 390);
    await page.getByRole('combobox', { name: 'Name, pinyin initials or code' }).fill('payh');
    await page.getByRole('option', { name: /平安银行/ }).waitFor();
    await page.getByRole('combobox', { name: 'Name, pinyin initials or code' }).press('Enter');
    await chartShows(page, 'daily candles');
    await page.getByRole('radio', { name: 'D', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await chartShows(page, 'weekly candles');
    const weekly = await klines(page);
    expect((await candlesOf(page)).length).to.equal(weekly.length);

    await page.getByRole('tab', { name: 'Money flow' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Margin' }).getAttribute('aria-selected')).to.equal('true');
    await page.getByRole('tabpanel').locator('canvas').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).to.be.at.most(390);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it("the API reference sends an operation with a pasted key and shows the server's live answer, from this server alone", async () => {
    const { page, errors, foreign } = await guardedPage(1300, 1000);
    await sendFromReference(page, server.baseUrl, enterpriseKey);
    const direct = await (
      await fetch(`${server.baseUrl}/v1/stock/basic-info?symbol=600519,000001.SZ`, {
        headers: { 'X-API-KEY': enterpriseKey },
      })
    ).json();
    for (const { symbol, listing_date } of direct.data as Array<{ symbol: string; listing_date: string }>)
      for (const text of [`"${symbol}"`, `"${listing_date}"`]) await page.getByText(text).first().waitFor();
    expect(errors).to.deep.equal([]);
    expect(foreign).to.deep.equal([]);
    await page.close();
  });
});
