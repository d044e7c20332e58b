/**
 * `make test`'s Python step, as the browser step (./ensureBrowser.ts): when the Python client's suite cannot run
 * (no python3 with pytest and pandas) and this runs as root with apt-get, installs Debian's python3-pytest and
 * python3-pandas (never the Python package index). Otherwise the suite says it is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pythonForClient } from './python';

const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((path) => existsSync(path));
if (pythonForClient() === null && process.getuid?.() === 0 && aptGet) {
  console.log(
    "no python3 with pytest and pandas: installing Debian's python3-pytest and python3-pandas for the Python client's tests (apt-get)",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => spawnSync(aptGet, args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (!(
    run(['update', '-qq']) &&
    run([
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'python3-pytest',
      'python3-pandas',
      'python3-setuptools',
      'python3-venv',
    ])
  )) {
    console.log("installing them failed; the Python client's tests will be skipped");
  }
}
