import { describe, expect, it } from 'vitest';
import { mergeFields } from './merge.ts';

describe('mergeFields', () => {
  const serverRow = { title: 'Lahore High Court', short_title: 'LHC' };
  it('merges edits to different fields silently', () => {
    // Device A saw both fields at version 1; device B changed short_title (now version 5).
    const r = mergeFields({
      values: { title: 'LAHORE HIGH COURT' },
      base: { title: 1 },
      serverRow,
      fieldVersions: { title: 1, short_title: 5 },
    });
    expect(r).toEqual({ apply: { title: 'LAHORE HIGH COURT' }, conflicts: [] });
  });
  it('turns the same field edited on two devices into a conflict that keeps both values', () => {
    const r = mergeFields({
      values: { title: 'LHC Lahore' },
      base: { title: 1 },
      serverRow,
      fieldVersions: { title: 4 },
    });
    expect(r.apply).toEqual({});
    expect(r.conflicts).toEqual([{ field: 'title', server: 'Lahore High Court', client: 'LHC Lahore' }]);
  });
  it('is no conflict when both devices wrote the same value', () => {
    const r = mergeFields({
      values: { title: 'Lahore High Court' },
      base: { title: 1 },
      serverRow,
      fieldVersions: { title: 4 },
    });
    expect(r.conflicts).toEqual([]);
  });
  it('lets a device edit its own unpulled edit again without a conflict', () => {
    const r = mergeFields({
      values: { title: 'Third' },
      base: { title: 1 },
      serverRow,
      fieldVersions: { title: 4 },
      fieldWriters: { title: 'dev-a' },
      writer: 'dev-a',
    });
    expect(r.conflicts).toEqual([]);
    const other = mergeFields({
      values: { title: 'Third' },
      base: { title: 1 },
      serverRow,
      fieldVersions: { title: 4 },
      fieldWriters: { title: 'dev-b' },
      writer: 'dev-a',
    });
    expect(other.conflicts).toHaveLength(1);
  });
  it('applies everything to a row the server does not have yet', () => {
    const r = mergeFields({ values: { title: 'New' }, base: undefined, serverRow: null, fieldVersions: {} });
    expect(r.apply).toEqual({ title: 'New' });
  });
});
