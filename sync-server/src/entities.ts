import { readablePetitions } from './case-files/access.ts';
import { CASE_ENTITIES } from './case-files/case-files.entities.ts';
import { contactRequestsEntity } from './contact-requests/contact-requests.entity.ts';
import {
  caseCategoriesEntity,
  caseCategoryCourtsEntity,
  courtsEntity,
  limitationArticlesEntity,
  moduleTypesEntity,
  statutesEntity,
} from './reference-data/reference-data.entities.ts';
import { settingsEntity } from './settings/settings.entity.ts';
import { conflictsEntity } from './sync/conflicts.ts';
import { createRegistry } from './sync/entities.ts';
import { usersEntity } from './users/users.entity.ts';

/**
 * The server's synced entities: each shared declaration (shared-types/src/sync/entities.ts) with its policy,
 * and the access sets their read scopes name. The one explicit list on this side; the sync layer receives it
 * (app.registry) and knows no feature.
 */
export const REGISTRY = createRegistry(
  [
    courtsEntity,
    caseCategoriesEntity,
    caseCategoryCourtsEntity,
    moduleTypesEntity,
    statutesEntity,
    limitationArticlesEntity,
    settingsEntity,
    usersEntity,
    contactRequestsEntity,
    ...CASE_ENTITIES,
    conflictsEntity,
  ],
  { petitions: readablePetitions },
);
