import { useMemo } from 'react';
import {
  can,
  type TRowOf,
  type caseCategoriesDecl,
  type caseCategoryCourtsDecl,
  type courtsDecl,
  type moduleTypesDecl,
  type statutesDecl,
} from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useEntityRows } from '../sync/hooks.ts';
import { sortByOrderThenTitle, sortByTitle } from './referenceData.logic.ts';

/** Reference rows as the device stores them, inferred from their declarations (reference-data.entities.ts). */
export type TCourtRow = TRowOf<typeof courtsDecl>;
export type TStatuteRow = TRowOf<typeof statutesDecl>;
export type TModuleTypeRow = TRowOf<typeof moduleTypesDecl>;
export type TCaseCategoryRow = TRowOf<typeof caseCategoriesDecl>;
export type TCaseCategoryCourtRow = TRowOf<typeof caseCategoryCourtsDecl>;

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
