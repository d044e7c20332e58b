/**
 * The boundaries of src/, each rule stated once (ARCHITECTURE.md §2 names them). `make check-boundaries` runs
 * them on src/ (no violation allowed) and on test/fixtures/boundaries/, where each rule has a folder of one
 * deliberate violation that must be reported under that rule's name: a rule that stops biting fails CI
 * (test/unit/boundaries.test.ts). Paths are matched from any `src/` so the fixtures' mirrors of src/ count.
 */
const SRC = '(?:^|/)src/';
const DRIVERS = '^node_modules/(mysql2|better-sqlite3)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles, type-only imports included: a cycle means two files are one file, or a type has no home.',
      from: { path: `${SRC}` },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain is pure logic: no app layer, no HTTP framework, no database, no driver.',
      from: { path: `${SRC}domain/` },
      to: {
        path: [
          `${SRC}(http|modules|db|ingest|console|mcp)/`,
          '^node_modules/(express|knex|mysql2|better-sqlite3|ioredis)/',
        ],
      },
    },
    {
      name: 'serializer-takes-rows',
      severity: 'error',
      comment: 'A serializer shapes rows typed in <module>.types.ts into the wire types; it never reads them itself.',
      from: { path: `${SRC}modules/[^/]+/[^/]+\\.serializer\\.ts$` },
      to: { path: '\\.(repository|service)\\.ts$' },
    },
    {
      name: 'http-knows-ports',
      severity: 'error',
      comment: 'src/http knows the ports of src/http/ports.ts, never the modules that answer them.',
      from: { path: `${SRC}http/` },
      to: { path: `${SRC}(modules|ingest|loaders|console|mcp)/` },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        "The folders of src/ingest, the loaders, src/domain, the catalogue, the audit and the generator depend on each other one way at most (a folder that needs another's part and is needed by it is one folder, or the part belongs elsewhere).",
      scope: 'folder',
      from: { path: `${SRC}(ingest|loaders|domain|audit|generate|catalogue)(/|$)` },
      to: { path: `${SRC}(ingest|loaders|domain|audit|generate|catalogue)(/|$)`, circular: true },
    },
    {
      name: 'catalogue-below-ingest',
      severity: 'error',
      comment:
        'The catalogue names each api with its loader (src/loaders); the ingest runs what it names. Neither the catalogue nor a loader imports the ingest, so the arrows point one way.',
      from: { path: `${SRC}(catalogue|loaders)/` },
      to: { path: `${SRC}ingest/` },
    },
    {
      name: 'ingest-stands-apart',
      severity: 'error',
      comment:
        "Loading data, writing it out (exports) and the live feed never go through the HTTP layer, the modules that serve it or the agents' tools.",
      from: { path: `${SRC}(ingest|loaders|live|export|audit|generate|catalogue)/` },
      to: { path: `${SRC}(http|modules|mcp|console)/` },
    },
    {
      name: 'mcp-through-http',
      severity: 'error',
      comment:
        'The MCP tools ask the app through its HTTP pipeline (every plan rule applies), never a module or the database.',
      from: { path: `${SRC}mcp/` },
      to: { path: `${SRC}(modules|db|ingest|loaders)/` },
    },
    {
      name: 'modules-through-shared',
      severity: 'error',
      comment:
        'A module imports a sibling only through what they share: modules/common and modules/subscriptions (the module list is the folder).',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: `${SRC}modules/(common|subscriptions)/` },
      to: { path: `${SRC}modules/`, pathNot: [`${SRC}modules/$1/`, `${SRC}modules/(common|subscriptions)/`] },
    },
    {
      name: 'shared-modules-stand-alone',
      severity: 'error',
      comment: 'What modules share imports no feature module (that would make every module depend on it).',
      from: { path: `${SRC}modules/(common|subscriptions)/` },
      to: { path: `${SRC}modules/`, pathNot: `${SRC}modules/(common|subscriptions)/` },
    },
    {
      name: 'drivers-in-db',
      severity: 'error',
      comment:
        'Driver and dialect knowledge lives in src/db: the drivers themselves and src/db/dialect.ts (isSqlite and what differs by engine). ' +
        "The MCP result store's own in-memory SQLite (resultStore.child.ts) is an agent's scratch space, not the store.",
      from: { path: `${SRC}`, pathNot: [`${SRC}db/`, `${SRC}mcp/resultStore\\.child\\.ts$`] },
      to: { path: [DRIVERS, `${SRC}db/dialect\\.ts$`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
