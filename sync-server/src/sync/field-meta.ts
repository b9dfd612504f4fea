/**
 * A row's per-field sync metadata (field_versions, field_writers), stored compactly: the value most columns
 * share under "*", and only the columns that differ from it by name. A new row is written by one device at one
 * change, so it stores `{"*":"<device>"}` instead of the device's id once per column: that was about 600 of a
 * case file's 1,000 bytes, written to the WAL on every push. Rows stored before this (every column named, no
 * "*") read back as they are.
 */
const SHARED = '*';

type TStoredRow = Record<string, unknown> & { field_versions?: unknown; field_writers?: unknown };

/** The stored map as one entry per column of `columns` (the shared value filled in). */
export function readFieldMap<T extends string | number>(
  columns: readonly string[],
  stored: unknown,
): Record<string, T> {
  let parsed: Record<string, T>;
  try {
    parsed = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Record<string, T>;
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  if (!(SHARED in parsed)) return parsed;
  const shared = parsed[SHARED];
  const out: Record<string, T> = {};
  for (const c of columns) out[c] = parsed[c] ?? shared;
  return out;
}

/** The map as stored: its most common value under "*", the other columns by name. */
export function storeFieldMap(map: Record<string, string | number>): string {
  const counts = new Map<string | number, number>();
  let shared: string | number | undefined;
  let most = 0;
  for (const v of Object.values(map)) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > most) [most, shared] = [n, v];
  }
  if (shared === undefined || most < 2) return JSON.stringify(map);
  const out: Record<string, string | number> = { [SHARED]: shared };
  for (const [c, v] of Object.entries(map)) if (v !== shared) out[c] = v;
  return JSON.stringify(out);
}

/** A new row's metadata: every column written at change `seq` by `writer`. */
export const newFieldMaps = (seq: number, writer: string) => ({
  field_versions: JSON.stringify({ [SHARED]: seq }),
  field_writers: JSON.stringify({ [SHARED]: writer }),
});

type TColumns = { columns: Record<string, unknown> };
const COLUMNS = new WeakMap<TColumns, string[]>();
/** An entity's declared column names, listed once (every row of a pull reads them). */
export function columnsOf(def: TColumns): string[] {
  let cols = COLUMNS.get(def);
  if (!cols) COLUMNS.set(def, (cols = Object.keys(def.columns)));
  return cols;
}

/** A stored row's versions and writers, one entry per declared column. */
export function fieldMapsOf(def: TColumns, row: TStoredRow) {
  const columns = columnsOf(def);
  return {
    versions: readFieldMap<number>(columns, row.field_versions),
    writers: readFieldMap<string>(columns, row.field_writers),
  };
}

/** The stored metadata after `changed` were written at change `seq` by `writer` (the maps are updated too). */
export function changedFieldMaps(
  maps: { versions: Record<string, number>; writers: Record<string, string> },
  changed: readonly string[],
  seq: number,
  writer: string,
) {
  for (const f of changed) {
    maps.versions[f] = seq;
    maps.writers[f] = writer;
  }
  return { field_versions: storeFieldMap(maps.versions), field_writers: storeFieldMap(maps.writers) };
}
