/**
 * Field-level merge of one edit against the server row (DESIGN §5). Pure, so server and tests share it.
 *
 * Rules, and why each holds:
 * - A field the device did not edit is never touched: edits to different fields of one record merge silently.
 * - A field whose server version is not newer than the device's base is applied: nobody else changed it since
 *   the device saw it, so this edit is the newest intent.
 * - A field changed on the server after the device's base is a conflict, unless both wrote the same value
 *   (then there is nothing to choose). The server keeps the first writer's value; the caller records both so
 *   a person chooses. Nothing is dropped silently.
 * - A field last written by this same device is applied: the device built its edit on its own earlier one,
 *   even if it has not pulled that change's version yet.
 * - A field with no base (a create, or a field the device never saw) conflicts only if the server already has
 *   a different value written by someone (version > 0); a fresh row takes it.
 */
export type TMergeInput = {
  values: Record<string, unknown>;
  base: Record<string, number> | undefined;
  serverRow: Record<string, unknown> | null;
  fieldVersions: Record<string, number>;
  /** field -> device that wrote it last, and the device writing now. */
  fieldWriters?: Record<string, string>;
  writer?: string;
};
export type TMergeResult = {
  apply: Record<string, unknown>;
  conflicts: { field: string; server: unknown; client: unknown }[];
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function mergeFields({
  values,
  base,
  serverRow,
  fieldVersions,
  fieldWriters = {},
  writer,
}: TMergeInput): TMergeResult {
  const apply: Record<string, unknown> = {};
  const conflicts: TMergeResult['conflicts'] = [];
  for (const [field, value] of Object.entries(values)) {
    if (!serverRow) {
      apply[field] = value;
      continue;
    }
    const serverVersion = fieldVersions[field] ?? 0;
    const seen = base?.[field] ?? 0;
    const ownEdit = writer !== undefined && fieldWriters[field] === writer;
    if (serverVersion <= seen || ownEdit || same(serverRow[field], value)) apply[field] = value;
    else conflicts.push({ field, server: serverRow[field], client: value });
  }
  return { apply, conflicts };
}
