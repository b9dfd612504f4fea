#!/usr/bin/env node
// `npm test`: lint, types, formatting, the server and client suites (SQLite always; PostgreSQL when
// DATABASE_URL_TEST is set), then the end-to-end journeys in headless Chromium when a browser is present.
// On CI (CI=true) nothing may be skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipped = [];
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, named, so the end of a CI log says what failed. */
const failures = [];
const reports = mkdtempSync(join(tmpdir(), 'lf-test-report-'));

/** A vitest run that also writes a JSON report, so the summary can count every test. */
function vitestArgs(name, extra = []) {
  return [
    'vitest',
    'run',
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${name}.json`)}`,
  ];
}
function countReport(name) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import or a hook) still names itself.
    if (failedTests.length === 0 && suite.status === 'failed')
      failures.push(`${where}: ${firstLine(suite.message)}`);
    for (const t of failedTests)
      failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
}
/** The first line of a failure, without colour codes, short enough for a summary. */
function firstLine(text = '') {
  // eslint-disable-next-line no-control-regex
  const plain = String(text).replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 300);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ label, ok, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
  if (!ok) {
    summary();
    console.error(`\n${label} failed.`);
    process.exit(r.status ?? 1);
  }
}

/** One step of `runSideBySide`: its output is held and printed whole when it ends, so logs do not interleave. */
function runHeld(label, cmd, args) {
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Held output is not a terminal: keep the colours when the run's own output is one.
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    const finish = (status) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString();
      console.log(`\n=== ${label} (${seconds} s${status === 0 ? '' : ', FAILED'}) ===`);
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      done({ label, ok: status === 0, seconds, status });
    };
    child.on('error', (e) => {
      out.push(Buffer.from(String(e)));
      finish(1);
    });
    child.on('close', (status) => finish(status));
  });
}

/**
 * Lanes of steps run side by side, the steps of a lane one after another (a lane stops at its first failure).
 * Lint, the type check, the format check and the build each run on one core, one after another they took
 * about two minutes; on two cores side by side they take about as long as lint alone.
 */
async function runSideBySide(lanes) {
  const lane = async (steps) => {
    const done = [];
    for (const [label, cmd, args] of steps) {
      const r = await runHeld(label, cmd, args);
      done.push(r);
      if (!r.ok) break;
    }
    return done;
  };
  const all = (await Promise.all(lanes.map(lane))).flat();
  results.push(...all);
  const failed = all.filter((r) => !r.ok);
  if (failed.length) {
    summary();
    console.error(`\n${failed.map((r) => r.label).join(', ')} failed.`);
    process.exit(failed[0].status ?? 1);
  }
}

function summary() {
  console.log('\n=== Summary ===');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds} s)`);
  for (const s of skipped) console.log(`SKIPPED ${s}`);
  countReport('unit');
  countReport('e2e');
  rmSync(reports, { recursive: true, force: true });
  console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const f of failures) console.log(`FAILED ${f}`);
}

if (!process.env.DATABASE_URL_TEST) {
  if (ci) {
    console.error('CI must run the PostgreSQL suite: DATABASE_URL_TEST is not set.');
    process.exit(1);
  }
  skipped.push(
    'server tests on PostgreSQL: set DATABASE_URL_TEST=postgres://user:pass@localhost:5432/postgres (a role that may create databases) to run them.',
  );
}
const haveChromium = existsSync(chromium);
if (!haveChromium) {
  if (ci) {
    console.error(`CI must run the browser journeys: no Chromium at ${chromium}.`);
    process.exit(1);
  }
  skipped.push(
    `end-to-end journeys: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

// The vite build is needed only by the journeys; it runs beside the checks, not after the server suites.
await runSideBySide([
  [['lint', 'npx', ['eslint', '.', '--max-warnings=0']]],
  [
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ...(haveChromium ? [['build the PWA', 'npx', ['vite', 'build', '--logLevel', 'warn']]] : []),
  ],
]);
run('unit and server tests', 'npx', vitestArgs('unit'));
if (haveChromium) {
  run(
    'end-to-end journeys (headless Chromium)',
    'npx',
    vitestArgs('e2e', ['--config', 'vitest.e2e.config.ts']),
    { CHROMIUM_PATH: chromium },
  );
}
summary();
