import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leanReactRouter } from '../../../scripts/build/react-router-lean.ts';
import { readPwaSpeedSwitches } from '../../../scripts/build/speed-switches.ts';
import { CLIENT_STORES, openLocalDb, type LocalDb } from '../sync/db.ts';
import { preloadRoute } from './route-preloads.ts';
import { PWA_SPEED } from '../browser/speed.ts';

/**
 * Upgrade tripwires of the PWA's speed machinery (issue 32 item 8): each fails first when a react-router or
 * Dexie upgrade moves what a piece reads, naming what to check and the build switch that ships the plain path
 * meanwhile (scripts/build/speed-switches.ts, docs/performance.md).
 */
const require = createRequire(import.meta.url);
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;

function tripwire(piece: string, library: string, what: string, holds: boolean, remedy: string): void {
  if (!holds)
    throw new Error(
      `TRIPWIRE ${piece}: ${library} no longer looks as the speed machinery reads it: ${what}. ${remedy}`,
    );
  expect(holds).toBe(true);
}

describe('tripwire: the React Router build patch rewrites its source text (scripts/build/react-router-lean.ts)', () => {
  const routerWire = (what: string, holds: boolean) =>
    tripwire(
      'build patch',
      `react-router ${versionOf('react-router')}`,
      what,
      holds,
      "Check the package's dist/production files against the DISPLAY_NAME and PURE_CALL patterns of react-router-lean.ts, and that the first-load size in `npm run bench` kept its gain; meanwhile build with SPEED_BUILD_PATCH=0.",
    );

  it('finds the production build it points the app at, with the statements it drops and the calls it marks', () => {
    const production = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
    const files = readdirSync(production).filter((f) => f.endsWith('.mjs'));
    routerWire('dist/production/index.mjs exists', files.includes('index.mjs'));
    let labels = 0;
    let pure = 0;
    for (const f of files) {
      const code = readFileSync(join(production, f), 'utf8');
      const lean = leanReactRouter(code);
      labels += (code.match(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm) ?? []).length;
      pure +=
        (lean.match(/\/\* @__PURE__ \*\/ React\d*\./g) ?? []).length -
        (code.match(/\/\* @__PURE__ \*\/ React\d*\./g) ?? []).length;
      routerWire(
        `${f}: no top-level displayName label left after the rewrite`,
        !/^\w+\.displayName = "/m.test(lean),
      );
    }
    // 7.x: 16 labels and 17 factory calls; far fewer means the source text changed its shape.
    routerWire(`top-level displayName labels found: ${labels}, expected at least 10`, labels >= 10);
    routerWire(
      `React.createContext/forwardRef/memo calls marked pure: ${pure}, expected at least 10`,
      pure >= 10,
    );
  });
});

describe("tripwire: the cold-start preloads read Dexie's database with plain IndexedDB (pwa/src/sync/raw-read.ts)", () => {
  let db: LocalDb | undefined;
  afterEach(() => db?.close());
  const dexieWire = (what: string, holds: boolean) =>
    tripwire(
      'route preloads',
      `dexie ${versionOf('dexie')}`,
      what,
      holds,
      'Check how Dexie names object stores and indexes (raw-read.ts and read.ts assume a store per table and an index per field, named by it); meanwhile build with SPEED_ROUTE_PRELOADS=0.',
    );

  it('finds a store per table and an index per indexed field, named by it, opening the database without a version', async () => {
    db = openLocalDb(crypto.randomUUID());
    await db.open();
    const name = db.name;
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onupgradeneeded = () => reject(new Error('a plain open without a version asked to upgrade'));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('open failed'));
    }).catch((e: unknown) => {
      dexieWire(`a plain indexedDB.open(name) of Dexie's database fails: ${String(e)}`, false);
      throw e;
    });
    try {
      for (const [table, spec] of Object.entries(CLIENT_STORES)) {
        dexieWire(`an object store named "${table}"`, raw.objectStoreNames.contains(table));
        const store = raw.transaction(table, 'readonly').objectStore(table);
        const [primary, ...indexed] = spec.split(',').map((s) => s.trim());
        dexieWire(`"${table}" keyed by "${primary}"`, store.keyPath === primary);
        for (const field of indexed.filter((f) => /^[\w.]+$/.test(f)))
          dexieWire(
            `"${table}" has an index "${field}" on the field "${field}"`,
            store.indexNames.contains(field) && store.index(field).keyPath === field,
          );
      }
    } finally {
      raw.close();
    }
  });
});

describe('the plain paths the switches select', () => {
  it('reads SPEED_* from the build environment: all on by default, each off alone, or all off', () => {
    expect(readPwaSpeedSwitches({})).toEqual({ buildPatch: true, snapshots: true, routePreloads: true });
    expect(readPwaSpeedSwitches({ SPEED_SNAPSHOTS: '0' })).toEqual({
      buildPatch: true,
      snapshots: false,
      routePreloads: true,
    });
    expect(readPwaSpeedSwitches({ SPEED_OFF: '1' })).toEqual({
      buildPatch: false,
      snapshots: false,
      routePreloads: false,
    });
  });

  it('with route preloads off, a cold start of a case page starts no plain-IndexedDB query', async () => {
    const before = PWA_SPEED.routePreloads;
    let started: Promise<unknown> | null = null;
    try {
      started = preloadRoute('/petitions/abc', 'u1');
      expect(started).not.toBeNull();
      PWA_SPEED.routePreloads = false;
      expect(preloadRoute('/petitions/abc', 'u1')).toBeNull();
    } finally {
      PWA_SPEED.routePreloads = before;
      // The screen's chunk and its query, started above, settle before the test's environment goes.
      await started?.catch(() => undefined);
    }
  });
});
