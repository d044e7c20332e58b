/**
 * `npm run build`: the server, the cluster launcher, the CLI, the result-store process, the export's encoding thread and the migrations as
 * JavaScript in dist/ (esbuild: each entry one ES module with its source map; packages stay in node_modules).
 * The run stage needs dist/, the production dependencies and the files the server reads (generated/, db/demo/,
 * src/console/public/: src/paths.ts). Why a bundle: Node's ES modules need file extensions in relative
 * imports, which the sources leave out, and one file per entry loads faster than some 200 modules.
 */
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const migrations = readdirSync('db/migrations')
  .filter((name) => /^\d{14}_.+\.ts$/.test(name))
  .map((name) => `db/migrations/${name}`);
rmSync('dist', { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: [
    'src/main.ts',
    'src/cluster.ts',
    'src/cli.ts',
    'src/mcp/resultStore.child.ts',
    'src/modules/tushare/flatFileEncoder.worker.ts',
    ...migrations,
  ],
  outdir: 'dist',
  outbase: '.',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`dist/: ${outputs.length} modules, ${(bytes / 1024).toFixed(0)} kB, in ${Date.now() - started} ms`);
