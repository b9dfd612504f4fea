import { contactRequestsDecl } from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';

/** Visitors create these through the public form (REST); admins read and delete them on any device. */
export const contactRequestsEntity = serverEntity(contactRequestsDecl);
