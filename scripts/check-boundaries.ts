import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/**
 * The boundaries of .dependency-cruiser.cjs, both ways: src/ breaks none of them, and each folder of
 * test/fixtures/boundaries/ (named after a rule) is reported under that rule and no other, so a rule that
 * stops biting fails here.
 */
interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

const FIXTURES = 'test/fixtures/boundaries';

function violations(paths: string[]): Violation[] {
  const args = ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...paths];
  let output: string;
  try {
    output = execFileSync('npx', args, {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its JSON report is on stdout all the same.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

const failures: string[] = [];
for (const found of violations(['src'])) failures.push(`src: ${found.rule.name}: ${found.from} → ${found.to}`);

const rules = readdirSync(FIXTURES);
const reported = violations(rules.map((rule) => `${FIXTURES}/${rule}`));
for (const rule of rules) {
  const names = [
    ...new Set(
      reported.filter((found) => found.from.startsWith(`${FIXTURES}/${rule}/`)).map((found) => found.rule.name),
    ),
  ];
  if (names.length !== 1 || names[0] !== rule)
    failures.push(`${FIXTURES}/${rule}: expected only ${rule}, the check reported ${names.join(', ') || 'nothing'}`);
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`boundaries: src/ keeps every rule; each of ${rules.length} fixtures is refused by its own rule`);
