import { spawnSync } from 'node:child_process';

/**
 * The python3 that runs the Python client's suite: PYTHON when set, else Debian's /usr/bin/python3 (where
 * apt installs python3-pytest and python3-pandas), else python3 on PATH; null when none imports pytest and pandas.
 */
export function pythonForClient(): string | null {
  const candidates = [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter((path): path is string =>
    Boolean(path),
  );
  return (
    candidates.find((python) => spawnSync(python, ['-c', 'import pytest, pandas'], { stdio: 'ignore' }).status === 0) ??
    null
  );
}
