import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowserOrSkip } from '../support/browser';
import { startChildServer, type ChildServer } from '../support/childServer';

describe('e2e: /docs and /openapi.json of a server started with npm start', function () {
  this.timeout(120_000);
  let server: ChildServer | undefined;
  let browser: Browser;
  let baseUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'ashare-docs-'));

  before(async function () {
    browser = await launchBrowserOrSkip(this, 'the docs browser test (test/e2e/docs.test.ts)');
    // `npm start` as a user runs it: nothing built beforehand by the test, an empty SQLite file.
    server = await startChildServer(
      { DATABASE_URL: `sqlite://${dataDir}/docs.sqlite` },
      { entry: 'npm start', until: 'live' },
    );
    baseUrl = server.baseUrl;
  });
  after(async () => {
    await browser?.close();
    server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the bundled contract', async () => {
    const response = await fetch(`${baseUrl}/openapi.json`);
    expect(response.status).to.equal(200);
    const contract = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(contract.openapi).to.equal('3.1.0');
    expect(contract.paths).to.have.property('/v1/market/daily');
  });

  it('renders the Redoc page from the server alone, with the daily endpoint and the getting-started section', async () => {
    const page = await browser.newPage();
    // No internet, as on an isolated install: anything outside the server is refused and recorded.
    const foreign: string[] = [];
    await page.route(
      (url) => url.origin !== baseUrl,
      async (route) => {
        foreign.push(`${route.request().resourceType()} ${route.request().url()}`);
        await route.abort();
      },
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${baseUrl}/docs`);
    expect(response?.status()).to.equal(200);

    await page.getByRole('heading', { name: 'Getting started' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Adjustment, a worked example' }).count()).to.equal(1);
    await page.getByText('market', { exact: true }).first().click();
    await page.getByText('Daily bars of stocks and indices, forward-adjusted or unadjusted').click();
    await page
      .getByRole('heading', { name: 'Daily bars of stocks and indices, forward-adjusted or unadjusted' })
      .waitFor();
    await page
      .locator('span', { hasText: /^\/v1\/market\/daily$/ })
      .first()
      .waitFor();
    expect(page.url()).to.match(/#\/market\/getdaily$/);
    // Scripts, styles and fonts are inlined; only Redoc's attribution logo points outside (CSP blocks it and it
    // hides itself on error), so nothing the page needs comes from elsewhere.
    expect(foreign.filter((request) => !request.startsWith('image '))).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});
