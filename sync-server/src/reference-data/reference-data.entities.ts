import {
  can,
  caseCategoriesDecl,
  caseCategoryCourtsDecl,
  courtsDecl,
  limitationArticlesDecl,
  moduleTypesDecl,
  MSG,
  statutesDecl,
  type TActor,
  type TEntityDecl,
} from '@lawfirm/shared-types';
import { serverEntity, type EntityPolicy } from '../sync/entities.ts';

const manage = (a: TActor) => can(a, 'referenceData.manage');

/** Reference data every member of a firm reads and its admins edit. */
const referencePolicy: EntityPolicy = {
  readScope: () => 'all',
  canCreate: manage,
  canUpdate: (a) => (manage(a) ? true : MSG.forbidden),
  canDelete: manage,
};
const reference = (decl: TEntityDecl) => serverEntity(decl, referencePolicy);

export const courtsEntity = reference(courtsDecl);
export const caseCategoriesEntity = reference(caseCategoriesDecl);
export const caseCategoryCourtsEntity = reference(caseCategoryCourtsDecl);
export const moduleTypesEntity = reference(moduleTypesDecl);
export const statutesEntity = reference(statutesDecl);
export const limitationArticlesEntity = reference(limitationArticlesDecl);
