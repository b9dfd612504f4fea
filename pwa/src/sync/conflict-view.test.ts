import { describe, expect, it } from 'vitest';
import type { TConflict } from '@lawfirm/shared-types';
import { conflictSides, describeMutation, showValue } from './conflict-view.ts';

const conflict: TConflict = {
  id: 'c1',
  entity: 'courts',
  row_id: 'r1',
  field: 'title',
  server_value: 'Sessions Court',
  server_user_id: 'first',
  server_user_name: 'Ali Raza',
  server_changed_at: '2025-03-01T09:00:00.000Z',
  client_value: 'District Court',
  client_user_id: 'later',
  client_user_name: 'Sana Malik',
  client_changed_at: '2025-03-01T09:05:00.000Z',
  resolved_at: null,
  resolution: null,
};

describe('conflict view', () => {
  it('shows each person their own value as "Yours", and keeping it sends the right side', () => {
    const [laterMine, laterTheirs] = conflictSides(conflict, 'later');
    expect(laterMine).toMatchObject({
      label: 'Yours',
      value: 'District Court',
      keep: 'client',
      button: 'Keep mine',
    });
    expect(laterTheirs).toMatchObject({
      label: 'Theirs',
      value: 'Sessions Court',
      who: 'Ali Raza',
      keep: 'server',
    });
    const [firstMine, firstTheirs] = conflictSides(conflict, 'first');
    expect(firstMine).toMatchObject({ label: 'Yours', value: 'Sessions Court', keep: 'server' });
    expect(firstTheirs).toMatchObject({ label: 'Theirs', value: 'District Court', keep: 'client' });
  });

  it('does not call anything "yours" for an admin who wrote neither value, or one person on two devices', () => {
    expect(conflictSides(conflict, 'admin').map((s) => s.label)).toEqual(['Saved', 'Not saved']);
    const self = { ...conflict, server_user_id: 'later' };
    expect(conflictSides(self, 'later').map((s) => [s.label, s.keep])).toEqual([
      ['Saved', 'server'],
      ['Not saved', 'client'],
    ]);
  });

  it('describes values and refused changes in words', () => {
    expect(showValue(null)).toBe('(empty)');
    expect(showValue(true)).toBe('Yes');
    expect(
      describeMutation({
        id: 3,
        name: 'put',
        args: { entity: 'courts', id: 'r1', values: { short_title: 'SC' } },
        createdAt: '',
        status: 'rejected',
        entity: 'courts',
        rowId: 'r1',
      }),
    ).toBe('Court: set Short title');
  });
});
