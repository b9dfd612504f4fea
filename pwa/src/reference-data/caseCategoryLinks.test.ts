import { describe, expect, it } from 'vitest';
import { courtTitlesOf, filterCategories, linkChanges } from './caseCategoryLinks.ts';

const link = (id: string, court_id: string, case_category_id = 'cat-1') => ({
  id,
  court_id,
  case_category_id,
});

describe('linkChanges', () => {
  it('links every chosen court of a new category', () => {
    expect(linkChanges([], ['c1', 'c2'])).toEqual({ addCourtIds: ['c1', 'c2'], removeLinkIds: [] });
  });

  it('keeps existing links, adds the new courts and removes the unticked ones', () => {
    const existing = [link('l1', 'c1'), link('l2', 'c2')];
    expect(linkChanges(existing, ['c2', 'c3'])).toEqual({ addCourtIds: ['c3'], removeLinkIds: ['l1'] });
  });

  it('changes nothing when the same courts are chosen again', () => {
    expect(linkChanges([link('l1', 'c1')], ['c1'])).toEqual({ addCourtIds: [], removeLinkIds: [] });
  });

  it('removes every link when no court is chosen', () => {
    expect(linkChanges([link('l1', 'c1'), link('l2', 'c2')], [])).toEqual({
      addCourtIds: [],
      removeLinkIds: ['l1', 'l2'],
    });
  });

  it('drops a duplicate link (two devices linking the same court offline) and never adds a court twice', () => {
    expect(linkChanges([link('l1', 'c1'), link('l2', 'c1')], ['c1', 'c1', 'c2'])).toEqual({
      addCourtIds: ['c2'],
      removeLinkIds: ['l2'],
    });
  });
});

describe('case category list', () => {
  const categories = [
    { id: 'cat-1', title: 'Civil Appeal' },
    { id: 'cat-2', title: 'Criminal Appeal' },
    { id: 'cat-3', title: 'Writ Petition' },
  ];
  const links = [link('l1', 'c1', 'cat-1'), link('l2', 'c2', 'cat-1'), link('l3', 'c1', 'cat-2')];
  const courts = [
    { id: 'c2', title: 'Supreme Court' },
    { id: 'c1', title: 'Lahore High Court' },
  ];

  it('filters by title (case-insensitive) and by court together', () => {
    expect(filterCategories(categories, links, { title: '', courtId: '' })).toHaveLength(3);
    expect(filterCategories(categories, links, { title: ' appeal', courtId: '' }).map((c) => c.id)).toEqual([
      'cat-1',
      'cat-2',
    ]);
    expect(filterCategories(categories, links, { title: '', courtId: 'c2' }).map((c) => c.id)).toEqual([
      'cat-1',
    ]);
    expect(filterCategories(categories, links, { title: 'criminal', courtId: 'c2' })).toEqual([]);
  });

  it("joins a category's court titles alphabetically, skipping courts this device does not have", () => {
    expect(courtTitlesOf('cat-1', [...links, link('l9', 'gone', 'cat-1')], courts)).toBe(
      'Lahore High Court, Supreme Court',
    );
    expect(courtTitlesOf('cat-3', links, courts)).toBe('');
  });
});
