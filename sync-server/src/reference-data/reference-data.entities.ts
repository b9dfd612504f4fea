import {
  caseCategoriesDecl,
  caseCategoryCourtsDecl,
  courtsDecl,
  limitationArticlesDecl,
  moduleTypesDecl,
  statutesDecl,
} from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';
import { checkMergedInto } from '../case-files/court-merge.ts';
import { moveCasesOfMergedCourt } from '../case-files/court-merge-sweep.ts';

// A court names only a live court it is merged into, and takes its remaining cases there; the rest have no
// server-only checks.
export const courtsEntity = serverEntity(courtsDecl, {
  check: checkMergedInto,
  afterWrite: moveCasesOfMergedCourt,
});
export const caseCategoriesEntity = serverEntity(caseCategoriesDecl);
export const caseCategoryCourtsEntity = serverEntity(caseCategoryCourtsDecl);
export const moduleTypesEntity = serverEntity(moduleTypesDecl);
export const statutesEntity = serverEntity(statutesDecl);
export const limitationArticlesEntity = serverEntity(limitationArticlesDecl);
