import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { multiRowInsert } from '../src/sync/write-behind.ts';

/** A group's held rows are written out as Kysely would compile them (nothing connects: compiling only). */
describe('write-behind: a multi-row insert written out', () => {
  const kysely = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new PostgresDialect({ pool: {} as never }),
  });

  it('is the statement Kysely compiles, a column left undefined taking its default', () => {
    const rows = [
      { id: 'a', title: 'First "Act"', year: 2026, lawyer_ids: '[]', deleted_at: null, note: undefined },
      { id: 'b', title: 'Second', year: null, lawyer_ids: '["x"]', deleted_at: null, note: 'kept' },
    ];
    for (const shape of [rows, rows.slice(0, 1), rows.slice(1)]) {
      const ours = multiRowInsert('petitions', shape);
      const theirs = kysely.insertInto('petitions').values(shape).compile();
      expect(ours.sql).toBe(theirs.sql);
      expect(ours.parameters).toEqual(theirs.parameters);
    }
  });

  it('quotes a table or column name the way PostgreSQL reads it', () => {
    const ours = multiRowInsert('odd"table', [{ 'we"ird': 1 }]);
    expect(ours.sql).toBe('insert into "odd""table" ("we""ird") values ($1)');
  });
});
