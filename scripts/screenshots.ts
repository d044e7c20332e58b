/**
 * The screenshots of the explorer and the API reference the README links (`make screenshots`): the server as
 * `make run` starts it (the demo store, the replay feed) on a fresh SQLite file, driven in Chromium; the pictures
 * go to docs/. A page text in Chinese needs a CJK font on the machine (Debian: fonts-wqy-microhei).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findBrowser } from '../test/support/browser';
import { chartShows, sendFromReference, signInExplorer } from '../test/support/explorerPages';

const PORT = 18_089;
const KEY = `ak_demo_screenshots_${'0123456789abcdef'.repeat(2)}`;
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'ashare-shots-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite://${dir}/demo.sqlite`,
    DEMO_API_KEY: KEY,
    QUOTE_SOURCE: 'replay',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (
    let tries = 0;
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 1200) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const browser = await chromium.launch({ executablePath: findBrowser() });
  const page = await browser.newPage({ viewport: { width: 1200, height: 1500 } });
  await signInExplorer(page, base, KEY);
  const search = page.getByRole('combobox', { name: 'Name, pinyin initials or code' });
  await search.fill('payh');
  await page.getByRole('option', { name: /000001\.SZ/ }).click();
  await chartShows(page, 'candles');
  await page.locator('#market tbody tr').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/explorer.png', fullPage: true });
  await page.getByRole('radio', { name: '1m' }).click();
  await chartShows(page, '1m candles');
  await page.waitForTimeout(3000);
  await page.locator('#security').screenshot({ path: 'docs/explorer-minutes.png' });
  const reference = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  await sendFromReference(reference, base, KEY);
  await reference.screenshot({ path: 'docs/reference-try-it.png' });
  await browser.close();
  console.log('docs/explorer.png, docs/explorer-minutes.png, docs/reference-try-it.png');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
