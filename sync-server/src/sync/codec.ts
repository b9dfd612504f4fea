import type { Codec, EntityDef, Row } from './entities.ts';
import { columnsOf, readFieldMap } from './field-meta.ts';

/** Database value → wire value. */
export function decodeValue(codec: Codec, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (codec) {
    case 'bool':
      return v === 1 || v === true || v === '1';
    case 'int':
      return Number(v);
    case 'json':
      try {
        return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
      } catch {
        return null;
      }
    default:
      return v;
  }
}

/** Wire value → database value. */
export function encodeValue(codec: Codec, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (codec) {
    case 'bool':
      return v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0;
    case 'int':
      return Number(v);
    case 'json':
      return JSON.stringify(v);
    default:
      return typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : JSON.stringify(v);
  }
}

/** A database row as devices receive it: declared columns only, plus the sync metadata. */
export function toWire(def: EntityDef, dbRow: Record<string, unknown>): Row & Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [col, codec] of Object.entries(def.columns)) out[col] = decodeValue(codec, dbRow[col]);
  out.version = Number(dbRow.version ?? 0);
  out.field_versions = readFieldMap<number>(columnsOf(def), dbRow.field_versions ?? '{}');
  out.updated_at = dbRow.updated_at ?? null;
  out.updated_by = dbRow.updated_by ?? null;
  out.deleted_at = dbRow.deleted_at ?? null;
  return out as Row;
}
