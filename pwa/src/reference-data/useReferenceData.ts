import { useMemo } from 'react';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import type { TRow } from '../sync/db.ts';
import { useEntityRows } from '../sync/hooks.ts';
import { sortByOrderThenTitle, sortByTitle } from './referenceData.logic.ts';

export type TCourtRow = TRow & { title: string; short_title: string | null };
export type TStatuteRow = TRow & { title: string; display_order: number };
export type TModuleTypeRow = TRow & { module_id: number; title: string; display_order: number };
export type TCaseCategoryRow = TRow & { title: string; abbreviation: string | null };
export type TCaseCategoryCourtRow = TRow & { case_category_id: string; court_id: string };

/** Everyone signed in reads the reference data; only admins change it (the server enforces the same). */
export function useCanManageReference(): boolean {
  return can(useAuth().actor, 'referenceData.manage');
}

/** The firm's courts, alphabetical; undefined while loading. */
export function useCourts(): TCourtRow[] | undefined {
  const rows = useEntityRows<TCourtRow>('courts');
  return useMemo(() => rows && sortByTitle(rows), [rows]);
}

export function useStatutes(): TStatuteRow[] | undefined {
  const rows = useEntityRows<TStatuteRow>('statutes');
  return useMemo(() => rows && sortByOrderThenTitle(rows), [rows]);
}

/** Every module type (all four modules), by display order. */
export function useModuleTypes(): TModuleTypeRow[] | undefined {
  const rows = useEntityRows<TModuleTypeRow>('module_types');
  return useMemo(() => rows && sortByOrderThenTitle(rows), [rows]);
}

export function useCaseCategories(): TCaseCategoryRow[] | undefined {
  const rows = useEntityRows<TCaseCategoryRow>('case_categories');
  return useMemo(() => rows && sortByTitle(rows), [rows]);
}

/** Court links of one case category, or of all of them when no id is given. */
export function useCaseCategoryCourts(categoryId?: string): TCaseCategoryCourtRow[] | undefined {
  return useEntityRows<TCaseCategoryCourtRow>(
    'case_category_courts',
    categoryId ? { case_category_id: categoryId } : undefined,
  );
}
