/**
 * `make test`'s browser step: when no browser is found (see ./browser.ts) and this runs as root on a system with
 * apt-get, installs Debian's chromium. Otherwise it does nothing, and the browser tests say that they are
 * skipped. Never fails the build itself: a failed install leaves the skip line (or, under REQUIRE_BROWSER=1,
 * the test's failure) to report it.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { findBrowser } from './browser';

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find(executable);
if (!findBrowser() && process.getuid?.() === 0 && aptGet) {
  console.log("no browser found: installing Debian's chromium for the browser tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => spawnSync(aptGet, args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (!(run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', 'chromium']))) {
    console.log('installing chromium failed; the browser tests will be skipped');
  }
}
