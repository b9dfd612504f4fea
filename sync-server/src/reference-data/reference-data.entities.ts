import {
  caseCategoriesDecl,
  caseCategoryCourtsDecl,
  courtsDecl,
  limitationArticlesDecl,
  moduleTypesDecl,
  statutesDecl,
} from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';

// Reference data has no server-only checks: these are the shared declarations as the sync store takes them.
export const courtsEntity = serverEntity(courtsDecl);
export const caseCategoriesEntity = serverEntity(caseCategoriesDecl);
export const caseCategoryCourtsEntity = serverEntity(caseCategoryCourtsDecl);
export const moduleTypesEntity = serverEntity(moduleTypesDecl);
export const statutesEntity = serverEntity(statutesDecl);
export const limitationArticlesEntity = serverEntity(limitationArticlesDecl);
