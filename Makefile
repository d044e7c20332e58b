# ashare-api — the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
NPM := npm --loglevel=error --no-fund --no-audit
MYSQL_TEST_URL ?= mysql://root@127.0.0.1:3306/test
DEMO_KEY_FILE := data/.demo-api-key

.PHONY: build run test test-mysql browser python check format check-format types check-types check-sql check-architecture check-boundaries sql lint typecheck docs coverage bench bench-market bench-financials bench-ingest bench-cluster bench-soak bench-http bench-profile bench-all bench-footprint bench-cross-section bench-scale bench-baostock bench-update bench-live bench-audit bench-coverage bench-snapshots bench-columnar bench-files bench-live-cluster screenshots clean

## Install dependencies when package-lock.json changed or node_modules is missing.
node_modules/.installed: package.json package-lock.json
	$(NPM) ci
	@touch $@

## The compiled server, CLI and migrations in dist/ (esbuild), rebuilt when a source changed.
SOURCES := $(shell find src db/migrations -name '*.ts') scripts/build.ts
dist/.built: node_modules/.installed $(SOURCES)
	$(NPM) run build
	@touch $@

build: dist/.built

## Serve on $PORT (8080) from the build: migrate, load the demo data on first start, print the URL, docs URL and demo key.
## Quotes and the stream move from the start: the stored latest session replayed (QUOTE_SOURCE=replay; nothing contacted),
## its snapshots recorded (RECORD_SNAPSHOTS=1) and served by /v1/market/snapshots.
run: node_modules/.installed dist/.built $(DEMO_KEY_FILE)
	DEMO_API_KEY="$${DEMO_API_KEY:-$$(cat $(DEMO_KEY_FILE))}" QUOTE_SOURCE="$${QUOTE_SOURCE:-replay}" RECORD_SNAPSHOTS="$${RECORD_SNAPSHOTS:-1}" FLAT_DIR="$${FLAT_DIR:-data/flat}" $(NPM) start

$(DEMO_KEY_FILE):
	@mkdir -p data && umask 077 && node -e "process.stdout.write('ak_demo_' + require('crypto').randomBytes(24).toString('base64url'))" > $@

## Lint, type check, stale-types check and the whole suite on the embedded SQLite database.
test: node_modules/.installed check browser python dist/.built
	$(NPM) test

## The same suite against MariaDB/MySQL (each run creates and drops its own databases).
test-mysql: node_modules/.installed browser python dist/.built
	TEST_DATABASE_URL=$(MYSQL_TEST_URL) $(NPM) test

## The browser tests' Chromium (CHROMIUM_PATH, or chromium/chromium-browser/google-chrome on PATH): installed
## from Debian when missing and make runs as root with apt-get; otherwise those tests say they are skipped.
browser: node_modules/.installed
	@node --import tsx test/support/ensureBrowser.ts

## The Python client's test needs: Debian's python3-pytest and python3-pandas, installed when missing and make
## runs as root with apt-get (never from the Python package index); otherwise its tests say they are skipped.
python: node_modules/.installed
	@node --import tsx test/support/ensurePython.ts

check: check-types check-sql check-architecture check-boundaries check-format lint typecheck

## One formatter (Prettier, .prettierrc.json) over the code of src, test, bench, scripts, db and the TypeScript client.
FORMATTED := "src/**/*.{ts,js,css}" "test/**/*.{ts,cjs}" "bench/**/*.ts" "scripts/**/*.ts" "clients/typescript/**/*.ts" "db/**/*.ts" "*.js"
format: node_modules/.installed
	npx prettier --write --log-level warn $(FORMATTED)

## Fails when a file is not as the formatter writes it (`make format` writes it).
check-format: node_modules/.installed
	npx prettier --check --log-level warn $(FORMATTED)

## The SQL of the main repository queries, both dialects, into db/queries/ (review a query change as a diff).
sql: node_modules/.installed
	node --import tsx scripts/sql-snapshots.ts

## Fails when db/queries/ is not the SQL the repositories send now.
check-sql: node_modules/.installed
	node --import tsx scripts/sql-snapshots.ts --check

## Fails when src/ breaks an import boundary of .dependency-cruiser.cjs, or a rule no longer refuses its
## deliberate violation in test/fixtures/boundaries/.
check-boundaries: node_modules/.installed
	node --import tsx scripts/check-boundaries.ts

## Fails when ARCHITECTURE.md names a path that does not exist or leaves a module of src/modules/ undescribed.
check-architecture: node_modules/.installed
	node --import tsx scripts/check-architecture.ts

types: node_modules/.installed
	$(NPM) run types

## Fails when generated/ (types, bundled contract, docs page), the TypeScript client's copy of the types or the
## Python client's generated module is not what openapi/ gives.
check-types: node_modules/.installed
	@tmp=$$(mktemp -d) && \
	npx openapi-typescript openapi/openapi.yaml -o $$tmp/api.d.ts >/dev/null 2>&1 && \
	npx redocly bundle openapi/openapi.yaml -o $$tmp/openapi.json >/dev/null 2>&1 && \
	npx redocly build-docs openapi/openapi.yaml --inlineBundle -o $$tmp/docs.html >/dev/null 2>&1 && \
	if ! diff -q $$tmp/api.d.ts generated/api.d.ts >/dev/null || ! diff -q $$tmp/openapi.json generated/openapi.json >/dev/null \
	  || ! diff -q $$tmp/docs.html generated/docs.html >/dev/null || ! diff -q $$tmp/api.d.ts clients/typescript/src/api.d.ts >/dev/null \
	  || ! diff -q node_modules/@scalar/api-reference/dist/browser/standalone.js generated/scalar.js >/dev/null; then \
	  echo "generated/ is stale: run 'make types' and commit it"; rm -rf $$tmp; exit 1; fi; \
	rm -rf $$tmp; node --import tsx scripts/python-client.ts --check && echo "generated/ is up to date"

lint: node_modules/.installed
	$(NPM) run lint

typecheck: node_modules/.installed
	$(NPM) run typecheck

## The Redoc page alone (generated/docs.html, scripts inlined: no CDN); `make types` builds it too.
docs: node_modules/.installed
	$(NPM) run docs

## The README's pictures of the explorer and the API reference (docs/), from the demo store in Chromium.
screenshots: node_modules/.installed browser
	node --import tsx scripts/screenshots.ts

## Coverage of the pure domain code by the unit tests (lines and functions must stay at 100%).
coverage: node_modules/.installed
	npx c8 --include 'src/domain/**' --check-coverage --lines 100 --functions 100 --reporter text npx mocha --no-config --node-option import=tsx --timeout 20000 'test/unit/**/*.test.ts'

bench: node_modules/.installed
	node --import tsx bench/basic-info.ts

## Market routes on MariaDB (synthetic data for BENCH_STOCKS stocks unless DATABASE_URL names a loaded database).
bench-market: node_modules/.installed
	node --import tsx bench/market.ts

## Income statement and metrics under load on a generated 5,000-stock fixture (BENCH_DATABASE_URL for MySQL).
bench-financials: node_modules/.installed
	node --import tsx bench/financials.ts

## Import of a generated bundle vs the database's own bulk load (STOCKS, YEARS; 5000 × 10 is ~12 M rows).
bench-ingest: node_modules/.installed
	node --import tsx bench/ingest.ts --stocks $${STOCKS:-500} --years $${YEARS:-10}

## Search and warm daily of the build vs bare Express 5 + helmet and node:http, same bytes, alternating rounds (BENCH_ROUNDS, BENCH_SECONDS).
bench-http: node_modules/.installed dist/.built
	node --import tsx bench/http.ts

## CPU profile of the warm daily path under load (PROFILE_SCENARIO=search for search): the .cpuprofile in
## bench/results/profile/ and its text summary (top self time, folded stacks) beside it.
bench-profile: node_modules/.installed dist/.built
	rm -rf bench/results/profile && mkdir -p bench/results/profile
	BENCH_PROFILE=bench/results/profile BENCH_ROUNDS=1 node --import tsx bench/http.ts $${PROFILE_SCENARIO:-daily}
	node --import tsx bench/profile-summary.ts $$(ls -S bench/results/profile/*.cpuprofile | head -1) 40 > bench/results/profile-$${PROFILE_SCENARIO:-daily}.txt
	@echo "bench/results/profile-$${PROFILE_SCENARIO:-daily}.txt"

## Every scenario of issue 14 (search, warm daily, uncached statements on both databases, import 500 and
## 5,000 × 10 on both) and one table of ratios (BENCH_ONLY=search,daily,financials,ingest to pick).
bench-all: node_modules/.installed dist/.built
	node --import tsx bench/all.ts

## The whole market in one call (issue 21) on a generated 5,000-stock store, MariaDB and SQLite (BENCH_STOCKS, BENCH_YEARS, BENCH_DIALECTS).
bench-cross-section: node_modules/.installed
	node --import tsx bench/cross-section.ts

## sync baostock at its default pace against the local Baostock server with a per-query delay (BENCH_STOCKS, BENCH_DELAY_MS).
bench-baostock: node_modules/.installed
	node --import tsx bench/baostock.ts

## A one-day `ashare update` from Baostock (5,000 stocks, 80 ms a reply): by date, and per security extrapolated.
bench-update: node_modules/.installed
	node --import tsx bench/baostock-update.ts

## The stream's fan-out from the cluster (2 workers, events over Redis) to 5,000 clients (bench/results/live.json).
bench-live-cluster: node_modules/.installed
	node --import tsx bench/live-cluster.ts

## Parquet and Arrow against JSON and CSV for the whole market of a day, and the flat-file export of 20 years (bench/results/columnar.json).
bench-columnar: node_modules/.installed dist/.built
	node --import tsx bench/columnar.ts

## The flat files (issue 75): the first write of 5,500 stocks × 20 years, a session appended, a rerun, twenty years of
## daily bars into pandas and DuckDB through /v1/files against the JSON routes, a Range read (bench/results/files.json).
bench-files: node_modules/.installed dist/.built
	node --import tsx bench/files.ts

## The qlib export (issue 64): the first export of 5,500 stocks × 20 years, the append of a session, a rerun (bench/results/qlib-*.json).
bench-qlib: node_modules/.installed dist/.built
	node --import tsx bench/qlib.ts

## The quote feed's sweep of 5,500 symbols per source and the stream's fan-out to 1,000 clients (bench/results/live.json).
bench-live: node_modules/.installed
	node --expose-gc --import tsx bench/live.ts

## The real market's size (issue 25): 5,500 stocks × 20 years and 60 sessions of minute bars against one tenth of it,
## on MariaDB and SQLite (SCALE_STOCKS, SCALE_YEARS, SCALE_SESSIONS, SCALE_DIALECTS for another size). About two hours.
bench-scale: node_modules/.installed
	node --import tsx bench/scale.ts

## The audit's speed on a generated whole market (AUDIT_STOCKS × AUDIT_YEARS), full and one session.
bench-audit: node_modules/.installed
	node --import tsx bench/audit.ts

## The snapshot recorder at the whole market's width: CPU and memory while recording, bytes a session, one security's day cold (bench/results/snapshots.json).
bench-snapshots: node_modules/.installed
	node --import tsx bench/snapshots.ts

## /v1/data/coverage cold on bench-audit's stores: counted, and read from the counts a load keeps (bench/results/coverage-*.json).
bench-coverage: node_modules/.installed dist/.built
	node --import tsx bench/coverage.ts

## Start to healthy and idle RSS of the built server (npm start, start:cluster per worker, dev); FOOTPRINT_BEFORE=<checkout> adds another.
bench-footprint: node_modules/.installed dist/.built
	node --import tsx bench/footprint.ts

## Throughput of npm run start:cluster against one process, same scenario, same run (BENCH_SECONDS each).
bench-cluster: node_modules/.installed
	node --import tsx bench/cluster.ts

## SOAK_MINUTES (10) of mixed traffic at SOAK_RATE (50/s): per-minute throughput, p50/p99, RSS.
bench-soak: node_modules/.installed
	node --import tsx bench/soak.ts

clean:
	rm -rf node_modules data coverage dist
