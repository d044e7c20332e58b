import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchBrowserOrSkip } from '../support/browser';
import { sharedFixture, type Fixture } from '../support/fixture';
import { uniqueEmail } from '../support/accounts';

describe('e2e: the web console in headless Chromium', function () {
  this.timeout(90_000);
  let api: Fixture;
  let browser: Browser;
  let page: Page;

  before(async function () {
    browser = await launchBrowserOrSkip(this, 'the console browser test (test/e2e/console.test.ts)');
    api = await sharedFixture();
    const context = await browser.newContext({ viewport: { width: 1000, height: 1100 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.baseUrl });
    page = await context.newPage();
  });
  after(async () => {
    await browser?.close();
  });

  /** The text of an element once the page has filled it: the account, plan and usage arrive by separate fetches after sign-in. */
  const text = async (selector: string) => {
    await page.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '') !== '', selector);
    return page.locator(selector).innerText();
  };

  it('register, create a key, use it against /v1, see usage move, rename, change plan, delete', async () => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${api.baseUrl}/console`);

    const email = uniqueEmail('e2e');
    await page.fill('#register-form input[name=name]', 'E2E Tester');
    await page.fill('#register-form input[name=email]', email);
    await page.fill('#register-form input[name=password]', 'correct horse battery');
    await page.click('#register-form button[type=submit]');
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    expect(await text('#user-email')).to.equal(email);
    expect(await text('#plan-name')).to.equal('Starter');
    expect(await text('#usage-total')).to.equal('0');
    // The store's coverage: the fixture's bars end on 2024-12-31, long before the session expected by now.
    const dailyRow = page.locator('#coverage tr[data-dataset=daily]');
    await dailyRow.waitFor();
    expect(await dailyRow.locator('td').nth(2).innerText()).to.equal('2024-12-31');
    expect(Number(await dailyRow.locator('td').nth(3).innerText())).to.be.above(400);

    await page.fill('#create-key-form input[name=name]', 'e2e key');
    await page.click('#create-key-form button[type=submit]');
    await page.locator('#new-key').waitFor({ state: 'visible' });
    const key = await text('#new-key-value');
    expect(key).to.match(/^ak_/);
    await page.locator('#keys tr', { hasText: 'e2e key' }).waitFor();
    await page.click('#copy-key');
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(key);

    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, {
        headers: { 'X-API-KEY': key },
      });
      expect(response.status).to.equal(200);
    }
    await page.click('#refresh-usage');
    await page.locator('#usage-total', { hasText: /^3$/ }).waitFor();
    expect(await page.locator('#usage-chart rect').count()).to.equal(30);

    page.once('dialog', (dialog) => void dialog.accept('renamed key'));
    await page.locator('#keys tr', { hasText: 'e2e key' }).getByRole('button', { name: 'Rename' }).click();
    await page.locator('#keys tr', { hasText: 'renamed key' }).waitFor();

    await page.getByRole('button', { name: 'Switch to Professional' }).click();
    await page.locator('#plan-name', { hasText: 'Professional' }).waitFor();
    await page.locator('#invoices tr', { hasText: 'starter' }).nth(1).waitFor();
    expect(await page.locator('#invoices tr').count()).to.equal(2);
    await page.screenshot({ path: process.env.E2E_SCREENSHOT ?? '/tmp/ashare-console.png', fullPage: true });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#keys tr', { hasText: 'renamed key' }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('#keys tr').first().waitFor({ state: 'detached' });
    const refused = await fetch(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, { headers: { 'X-API-KEY': key } });
    expect(refused.status).to.equal(401);

    await page.click('#logout');
    await page.locator('#signed-out').waitFor({ state: 'visible' });
    expect(consoleErrors).to.deep.equal([]);
  });

  it('signs in an existing account and shows a wrong password', async () => {
    const email = uniqueEmail('e2e');
    await fetch(`${api.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    await page.goto(`${api.baseUrl}/console`);
    await page.fill('#login-form input[name=email]', email);
    await page.fill('#login-form input[name=password]', 'wrong password!');
    await page.click('#login-form button[type=submit]');
    await page.locator('#message', { hasText: 'Invalid email or password' }).waitFor();
    await page.fill('#login-form input[name=password]', 'correct horse battery');
    await page.click('#login-form button[type=submit]');
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    expect(await text('#user-email')).to.equal(email);
  });
});
