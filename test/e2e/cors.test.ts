import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { signUp } from '../support/accounts';
import { startServer } from '../support/server';
import { launchBrowserOrSkip } from '../support/browser';
import { useOwnFixture } from '../support/fixture';

/** What a page's fetch() saw: the status, the body and the headers CORS lets it read, or the browser's refusal. */
interface Seen {
  status?: number;
  body?: any;
  headers?: Record<string, string | null>;
  refused?: boolean;
}

describe('e2e: CORS, a page of another origin calling the API in headless Chromium', function () {
  this.timeout(90_000);
  // A store of its own: more servers are started on it.
  const api = useOwnFixture();
  let browser: Browser;
  let page: Page;
  let site: Server;
  let origin: string;

  before(async function () {
    browser = await launchBrowserOrSkip(this, 'the CORS browser test (test/e2e/cors.test.ts)');
    // The foreign site: another port is another origin.
    site = createServer((_req, res) =>
      res.setHeader('Content-Type', 'text/html').end('<!doctype html><title>other site</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    page = await browser.newPage();
    await page.goto(origin);
  });
  after(async () => {
    await browser?.close();
    site?.close();
  });

  /** fetch() from the foreign page (no named functions inside: tsx would wrap them in a helper the page lacks). */
  function fetchFromPage(url: string, headers: Record<string, string>): Promise<Seen> {
    return page.evaluate(
      async ({ url, headers }) => {
        try {
          const response = await fetch(url, { headers });
          return {
            status: response.status,
            body: await response.json(),
            headers: Object.fromEntries(
              [
                'x-rate-limit-limit',
                'x-rate-limit-remaining',
                'x-rate-limit-reset',
                'x-request-id',
                'content-type',
              ].map((n) => [n, response.headers.get(n)]),
            ),
          };
        } catch {
          return { refused: true };
        }
      },
      { url, headers },
    );
  }

  async function withApp<T>(corsOrigins: string[], run: (baseUrl: string) => Promise<T>): Promise<T> {
    const app = await startServer(api.db, { corsOrigins });
    try {
      return await run(app.baseUrl);
    } finally {
      await app.close();
    }
  }

  it('an allowed origin reads a data answer with its key, and the budget and request-id headers', async () => {
    const seen = await withApp([origin], (baseUrl) =>
      fetchFromPage(`${baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': api.key }),
    );
    expect(seen.status).to.equal(200);
    expect(seen.body.data.symbol).to.equal('600519.SH');
    expect(seen.headers!['x-rate-limit-limit']).to.equal('1000000');
    expect(Number(seen.headers!['x-rate-limit-remaining'])).to.be.below(1_000_000);
    expect(seen.headers!['x-rate-limit-reset']).to.match(/^\d{10}$/);
    expect(seen.headers!['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('the preflight is answered before authentication: 204 with the origin, X-API-KEY allowed, no key needed', async () => {
    await withApp([origin], async (baseUrl) => {
      const preflight = await fetch(`${baseUrl}/v1/stock/basic-info?symbol=600519`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(origin);
      expect(preflight.headers.get('access-control-allow-headers')).to.include('X-API-KEY');
      expect(preflight.headers.get('access-control-allow-methods')).to.equal('GET,HEAD');
    });
  });

  it('no CORS_ORIGINS (the default), or an origin not listed: the browser refuses the answer to the page', async () => {
    expect(
      await withApp([], (baseUrl) =>
        fetchFromPage(`${baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': api.key }),
      ),
    ).to.deep.equal({ refused: true });
    expect(
      await withApp(['https://elsewhere.example'], (baseUrl) =>
        fetchFromPage(`${baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': api.key }),
      ),
    ).to.deep.equal({ refused: true });
  });

  it('`*` opens the data routes to every origin but never the account routes', async () => {
    const { token } = await signUp(api.baseUrl, 'cors');
    await withApp(['*'], async (baseUrl) => {
      const data = await fetchFromPage(`${baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': api.key });
      expect(data.status).to.equal(200);
      expect(await fetchFromPage(`${baseUrl}/api/v1/auth/me`, { Authorization: `Bearer ${token}` })).to.deep.equal({
        refused: true,
      });
      const preflight = await fetch(`${baseUrl}/api/v1/api-keys`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });

  it('an account route answers an origin named one by one (a console on its own domain)', async () => {
    const { token } = await signUp(api.baseUrl, 'cors');
    const seen = await withApp([origin], (baseUrl) =>
      fetchFromPage(`${baseUrl}/api/v1/auth/me`, { Authorization: `Bearer ${token}` }),
    );
    expect(seen.status).to.equal(200);
  });
});
