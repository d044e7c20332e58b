import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Where the files the server reads at run time are (the contract, the docs page, migrations, the demo data, the
 * console page), from the sources under tsx and from the build in dist/ alike: a bundle's `import.meta.url` is
 * its output file, so paths relative to a source file would point elsewhere once built.
 */
const here = fileURLToPath(import.meta.url);

/** The repository (or image) root: the nearest folder above this module that holds package.json. */
function rootOf(start: string): string {
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const ROOT = rootOf(here);
/** Running the build (dist/, JavaScript) rather than the sources (src/, TypeScript under tsx). */
export const BUILT = here.endsWith('.js');
/** Compiled code: dist/ when built, the sources otherwise (migrations, the result-store process, the export's encoder). */
const CODE_ROOT = BUILT ? join(ROOT, 'dist') : ROOT;
const CODE_EXTENSION = BUILT ? '.js' : '.ts';
/** Node's flags for a child process of this code (the CLI, a result store): source maps, or tsx for the sources. */
export const CHILD_EXEC_ARGV = BUILT ? ['--enable-source-maps'] : ['--import', 'tsx'];

/**
 * A thread running a module of this code: the build's file, or the source once tsx's hooks are registered on the
 * new thread (Node 20 gives a worker thread none of its parent's loader hooks, `--import tsx` included).
 */
export const startThread = (file: string, resourceLimits?: ResourceLimits): Worker =>
  BUILT
    ? new Worker(file, { resourceLimits })
    : new Worker(
        `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(pathToFileURL(file).href)}))`,
        { eval: true, resourceLimits },
      );

export const paths = {
  contract: join(ROOT, 'generated/openapi.json'),
  docsPage: join(ROOT, 'generated/docs.html'),
  /** Scalar's API reference, its browser build copied by `make types` (a development dependency). */
  apiReferenceLibrary: join(ROOT, 'generated/scalar.js'),
  demoData: join(ROOT, 'db/demo'),
  consolePage: join(ROOT, 'src/console/public'),
  explorerPage: join(ROOT, 'src/explorer/public'),
  /** The charting library's browser build, served by the explorer (lightweight-charts, a dependency). */
  chartsLibrary: join(ROOT, 'node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js'),
  migrations: join(CODE_ROOT, 'db/migrations'),
  cli: join(CODE_ROOT, `src/cli${CODE_EXTENSION}`),
  server: join(CODE_ROOT, `src/main${CODE_EXTENSION}`),
  resultStoreChild: join(CODE_ROOT, `src/mcp/resultStore.child${CODE_EXTENSION}`),
  flatFileEncoder: join(CODE_ROOT, `src/modules/tushare/flatFileEncoder.worker${CODE_EXTENSION}`),
};

let revision: Promise<string> | undefined;

/**
 * A digest of the code running: the built module this is bundled into, or every source file. Rows derived by
 * one revision of the code (a stored period's records) are not read by another, whose rules may differ.
 */
export function codeRevision(): Promise<string> {
  revision ??= (async () => {
    const files = BUILT
      ? [here]
      : (await readdir(join(ROOT, 'src'), { recursive: true }))
          .filter((file) => file.endsWith('.ts'))
          .sort()
          .map((file) => join(ROOT, 'src', file));
    const digest = createHash('sha256');
    for (const file of files) digest.update(await readFile(file));
    return digest.digest('base64url');
  })();
  return revision;
}

/** The layout rows derived by this code are stored in: what they are, their fields, and the code's revision. */
export const derivedLayout = async (kind: string, fields: readonly string[]): Promise<string> =>
  createHash('sha256')
    .update(`${kind}:${fields.join(',')}:${await codeRevision()}`)
    .digest('base64url');
