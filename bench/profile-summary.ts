/**
 * A text summary of a V8 CPU profile (`node --cpu-prof`): self time by function (top N), self time by where
 * the code lives (a package of node_modules, a file of src/, node's internals), and the heaviest folded stacks
 * (`a;b;c <ms>`, the input of a flame graph), so a profile can be read and kept in bench/results/ as text.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top N, default 30] > summary.txt
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** `express`, `@scope/name`, `src/http/answers/answerCache.ts`, `node:internal`, or `(idle)` and the like. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const project = /\/((?:src|bench|generated)\/.*)$/.exec(url);
  if (project) return project[1]!;
  return url.startsWith('node:') ? url.split('/')[0]! : url;
}

const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url, node.callFrame.functionName)}:${node.callFrame.lineNumber + 1}`;

function top(map: Map<string, number>, count: number, totalMs: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

export function summarize(profile: Profile, count: number): string {
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  const folded = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerSample;
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
    busyMs += ms;
    const name = frameName(node);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const place = placeOf(node.callFrame.url, node.callFrame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const stack: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!;
      if (frame.callFrame.functionName !== '(root)') stack.unshift(frame.callFrame.functionName || '(anonymous)');
    }
    const key = stack.join(';');
    folded.set(key, (folded.get(key) ?? 0) + ms);
  }
  return [
    `busy ${busyMs.toFixed(0)} ms of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled (idle left out)`,
    '',
    `self time by function, top ${count}:`,
    ...top(byFunction, count, busyMs),
    '',
    'self time by where the code lives:',
    ...top(byPlace, count, busyMs),
    '',
    `heaviest folded stacks (flame graph input), top ${count}:`,
    ...top(folded, count, busyMs),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [top N]');
  process.stdout.write(summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(count ?? 30)));
}
