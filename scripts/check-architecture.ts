/**
 * Keeps ARCHITECTURE.md current, cheaply (run by `make check`): every repository path it names in backticks
 * exists, every folder of src/modules/ is described, and no two files of src/ share a name (the page's own rule:
 * a file is found, and named in the page, by its name). A rename that forgets the page fails here instead of
 * misleading the next newcomer.
 *
 * A backticked token is a repository path when it starts with a top-level folder of the repository
 * (`src/domain/statements/ttm.ts`, `db/queries/`) or is a file name with a source extension (`adjust.ts` is looked up by
 * name anywhere in the tree). Templates (`<module>.service.ts`, `*.handlers.ts`, `…`) are not paths; braces
 * are expanded (`src/domain/{ttm,growth}.ts` names two files).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOP_LEVEL = /^(src|test|db|openapi|generated|bench|scripts|docs|clients|\.ci)\//;
const FILE_NAME = /^[\w.-]+\.(ts|js|md|yaml|yml|json|sql|py|html|css)$/;
const TEMPLATE = /[<>*…|\s]/;

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (one level of braces, as the page writes them). */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]*)\}/.exec(token);
  if (match === null) return [token];
  return match[1]!.split(',').flatMap((part) => expandBraces(token.replace(match[0], part)));
}

const page = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
const tokens = [...new Set([...page.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
}).split('\n');
const fileNames = new Set(files.map((file) => basename(file)));

const problems: string[] = [];
for (const token of tokens) {
  if (TEMPLATE.test(token)) continue;
  for (const path of expandBraces(token)) {
    if (TOP_LEVEL.test(path) && !existsSync(join(root, path))) problems.push(`names \`${path}\`, which does not exist`);
    else if (!TOP_LEVEL.test(path) && FILE_NAME.test(path) && !path.includes('/') && !fileNames.has(path)) {
      problems.push(`names the file \`${path}\`, which is nowhere in the repository`);
    }
  }
}
for (const module of readdirSync(join(root, 'src/modules'), { withFileTypes: true }).filter((entry) =>
  entry.isDirectory(),
)) {
  if (!page.includes(`\`src/modules/${module.name}/\``))
    problems.push(`does not describe \`src/modules/${module.name}/\``);
}

const byName = new Map<string, string[]>();
for (const file of files.filter((path) => path.startsWith('src/')))
  byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
for (const [name, paths] of byName)
  if (paths.length > 1)
    problems.push(`rule broken: ${paths.length} files of src/ are named \`${name}\` (${paths.join(', ')})`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`ARCHITECTURE.md ${problem}`);
  process.exit(1);
}
console.log(
  `ARCHITECTURE.md: ${tokens.length} backticked names checked, every module described, no two files of src/ share a name`,
);
