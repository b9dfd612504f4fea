#!/usr/bin/env node
// Rooms: counts the imports that run against the architecture in sync-server/src and pwa/src.
//
// Each package's src is split into rooms (its top-level folders, plus the files at its root), and the rooms into
// layers, lowest first (ROOMS below; docs/architecture.md explains them). An import is counted when
//   - it runs back up: a room imports a room of a higher layer (the core knowing a feature), or
//   - it closes a circle: two rooms of the same layer import each other, directly or through others of that
//     layer (every import on such a circle counts, since either direction could be the one to go).
// Features meet through the core (declarations in shared-types, the store, events, registries passed in), so
// neither kind is needed. Counted: every `import`/`export … from`, side-effect and dynamic `import()` with a
// relative path, type-only ones included (they tie the files together all the same); tests (*.test.*) and
// imports of shared-types or packages are not.
//
// node scripts/rooms.mjs [sync-server/src|pwa/src ...] [--json]   (no package: both)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Layers, lowest first; a room may import rooms of its own or lower layers, never higher ones. */
export const ROOMS = {
  'sync-server/src': [
    ['platform', ['speed', 'db']],
    ['web', ['http']],
    ['config', ['config.ts', 'files']],
    ['store', ['sync', 'uploads', 'pdf']],
    ['services', ['attachments', 'mail', 'plugins']],
    ['accounts', ['auth']],
    // The firm and its case files: what every other module's rows hang off.
    ['firm', ['users', 'companies', 'settings', 'reference-data', 'case-files']],
    [
      'modules',
      [
        'case-documents',
        // Declared documents (an entity's PDF and its mail), for the modules that declare one.
        'documents',
        'invoices',
        'opinions',
        'library',
        'calendar',
        'limitation',
        'fir',
        'meeting',
        'mail-outbox',
        'contact-requests',
      ],
    ],
    [
      'app',
      [
        'app.ts',
        'entities.ts',
        'routes.ts',
        'file-owners.ts',
        'mail-sources.ts',
        'main.ts',
        'seed',
        'backup',
        'firm-export',
      ],
    ],
  ],
  'pwa/src': [
    ['platform', ['http', 'browser', 'vite-env.d.ts']],
    ['store', ['sync', 'pdf']],
    ['feedback', ['feedback']],
    ['tables', ['tables']],
    ['forms', ['ui', 'attachments']],
    ['accounts', ['auth']],
    ['shell', ['shell']],
    // The firm and its case files: what every other module's screens hang off.
    ['firm', ['users', 'companies', 'settings', 'reference-data', 'case-files']],
    [
      'modules',
      [
        'case-documents',
        'invoices',
        'opinions',
        'library',
        'calendar',
        'limitation',
        'fir',
        'meeting',
        'mail-outbox',
        'contact-requests',
        'conflicts',
        'court-day',
        'tell-client',
        'landing',
        'dashboard',
        'reminders',
      ],
    ],
    ['app', ['app', 'main.tsx']],
  ],
};

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (SOURCE.test(e.name) && !/\.test\.|\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Each relative import of a file, with the line its statement starts on. */
function importsOf(text) {
  const found = [];
  const patterns = [
    /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*['"](\.[^'"]*)['"]/gm,
    /^[ \t]*import\s*['"](\.[^'"]*)['"]/gm,
    /\bimport\(\s*['"](\.[^'"]*)['"]\s*\)/g,
  ];
  for (const re of patterns)
    for (const m of text.matchAll(re)) {
      found.push({ spec: m[1], line: text.slice(0, m.index).split('\n').length });
    }
  return found;
}

/** The room of a path inside src: its first segment (a folder, or a file at the root). */
const roomOf = (src, file) => relative(src, file).split(sep)[0];

/** Strongly connected rooms of one layer's graph (Tarjan), as a map room -> component id. */
function components(nodes, edges) {
  const index = new Map();
  const low = new Map();
  const comp = new Map();
  const stack = [];
  let n = 0;
  const visit = (v) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        comp.set(w, v);
      } while (w !== v);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return comp;
}

/** The counted imports of one package: [{from, line, to, kind: 'up' | 'circle'}], plus undeclared rooms. */
export function checkRooms(pkg) {
  const layers = ROOMS[pkg];
  if (!layers) throw new Error(`No rooms declared for ${pkg}`);
  const src = join(repo, pkg);
  const layerOf = new Map();
  layers.forEach(([, rooms], i) => rooms.forEach((r) => layerOf.set(r, i)));
  const undeclared = new Set();
  const imports = [];
  for (const file of sourceFiles(src)) {
    const from = roomOf(src, file);
    if (!layerOf.has(from)) undeclared.add(from);
    for (const { spec, line } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      const rel = relative(src, target);
      if (rel.startsWith('..')) continue;
      const to = roomOf(src, target);
      if (to === from) continue;
      if (!layerOf.has(to)) undeclared.add(to);
      imports.push({ from, to, file: relative(repo, file), line, target: relative(repo, target) });
    }
  }
  // Circles: the rooms of one layer and the imports between them.
  const sameLayer = new Map();
  for (const i of imports)
    if (layerOf.get(i.from) === layerOf.get(i.to)) {
      if (!sameLayer.has(i.from)) sameLayer.set(i.from, new Set());
      sameLayer.get(i.from).add(i.to);
    }
  const comp = components([...sameLayer.keys()], sameLayer);
  const counted = [];
  for (const i of imports) {
    const a = layerOf.get(i.from) ?? -1;
    const b = layerOf.get(i.to) ?? -1;
    if (a < b) counted.push({ ...i, kind: 'up' });
    else if (a === b && comp.get(i.from) !== undefined && comp.get(i.from) === comp.get(i.to))
      counted.push({ ...i, kind: 'circle' });
  }
  counted.sort((x, y) => x.file.localeCompare(y.file) || x.line - y.line);
  return { counted, undeclared: [...undeclared].sort() };
}

function main(argv) {
  const json = argv.includes('--json');
  const pkgs = argv.filter((a) => !a.startsWith('--'));
  const result = {};
  for (const pkg of pkgs.length ? pkgs : Object.keys(ROOMS)) {
    const { counted, undeclared } = checkRooms(pkg.replace(/\/$/, ''));
    result[pkg] = { count: counted.length, imports: counted, undeclared };
    if (json) continue;
    const up = counted.filter((i) => i.kind === 'up').length;
    console.log(
      `${pkg}: ${counted.length} imports run back up (${up} up a layer, ${counted.length - up} on circles)`,
    );
    for (const i of counted)
      console.log(`  ${i.file}:${i.line} -> ${i.target}  [${i.kind} ${i.from} -> ${i.to}]`);
    if (undeclared.length) console.log(`  undeclared rooms (add them to ROOMS): ${undeclared.join(', ')}`);
  }
  if (json) console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
