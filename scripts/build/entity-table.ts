// The device's entity table written out as data at build time: pwa/src/sync/entity-table.ts computes it from
// the shared declarations, whose zod schemas would otherwise come with the database's chunk and be built
// before the first local read. The build runs that same module in Node and uses its value, so both agree.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_URL = new URL('../../pwa/src/sync/entity-table.ts', import.meta.url);
const MODULE = fileURLToPath(MODULE_URL);

/** The source the build uses for entity-table.ts: its own value as a literal. */
export async function entityTableSource(): Promise<string> {
  // Imported when used: the bundled config must not carry tsx's loader.
  const { tsImport } = await import('tsx/esm/api');
  const { ENTITY_TABLE } = (await tsImport(MODULE_URL.href, import.meta.url)) as { ENTITY_TABLE: unknown };
  return `export const ENTITY_TABLE = ${JSON.stringify(ENTITY_TABLE)};\n`;
}

export function entityTable(): Plugin {
  let source: Promise<string> | null = null;
  return {
    name: 'lf-entity-table',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== MODULE) return undefined;
      source ??= entityTableSource();
      return source;
    },
  };
}
