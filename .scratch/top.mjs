import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const files = readdirSync(dir).map((f) => [f, readFileSync(`${dir}/${f}`).length]).sort((a, b) => b[1] - a[1]);
const p = JSON.parse(readFileSync(`${dir}/${files[0][0]}`));
const self = new Map(); const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = new Map(); for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
let total = 0;
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const n of p.nodes) {
  const t = dt.get(n.id) ?? 0; total += t;
  const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, '').replace(/.*wt-perf45\//, '')}:${cf.lineNumber}`;
  self.set(k, (self.get(k) ?? 0) + t);
  // inclusive by package/file
  const seen = new Set(); let id = n.id;
  while (id !== undefined) { const c = byId.get(id).callFrame; const f = c.url.replace(/.*node_modules\//, '').split('/').slice(0, c.url.includes('node_modules') ? 1 : 99).join('/').replace(/.*wt-perf45\//, ''); if (!seen.has(f)) { seen.add(f); incl.set(f, (incl.get(f) ?? 0) + t); } id = parent.get(id); }
}
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 35))) console.log((v / total * 100).toFixed(1).padStart(5), k);
console.log('--- inclusive by file/package');
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / total * 100).toFixed(1).padStart(5), k);
