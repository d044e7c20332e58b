import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { skipVisibly } from './skip';

/** Browser names looked up on PATH, in order, when CHROMIUM_PATH is not set. */
const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

const HOW_TO_GET_ONE =
  'set CHROMIUM_PATH to a Chromium or Chrome executable, or install one (Debian: apt-get install chromium; `make test` does it when run as root)';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium-family executable for browser tests (playwright-core drives it): CHROMIUM_PATH when set, else
 * the first of chromium, chromium-browser, google-chrome on PATH; undefined when there is none.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return isExecutableFile(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) {
    for (const dir of dirs) if (isExecutableFile(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * For a `before` hook (a `function`, not an arrow, for mocha's `this`): the browser's path, or the suite is
 * skipped with one line saying how to get a browser; with REQUIRE_BROWSER=1 (.ci/run) a missing browser fails.
 */
function browserOrSkip(context: Mocha.Context, what: string): string {
  const path = findBrowser();
  if (path) return path;
  const why = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file`
    : `no ${BROWSER_NAMES.join(', ')} on PATH`;
  return skipVisibly(context, what, `${why}; ${HOW_TO_GET_ONE}`, 'REQUIRE_BROWSER');
}

/** Headless, no sandbox (root in CI), and nothing that would reach the network on its own. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For a `before` hook (a `function`): the browser launched headless, or the suite skipped as `browserOrSkip` says. */
export function launchBrowserOrSkip(context: Mocha.Context, what: string): Promise<Browser> {
  return chromium.launch({ executablePath: browserOrSkip(context, what), args: CHROMIUM_ARGS });
}
