import { readablePetitions } from './case-files/access.ts';
import { petitionPartiesEntity, petitionsEntity } from './case-files/case-files.entities.ts';
import { createRegistry } from './sync/entities.ts';
import { courtsEntity } from './reference-data/reference-data.entities.ts';
import { LIBRARY_SERVER_ENTITIES } from './library/library.entities.ts';
import { DATED_ENTITIES } from './case-documents/dated.ts';
import { usersEntity } from './auth/users.entities.ts';
import { BILLING_SERVER_ENTITIES, readableInvoices } from './invoices/invoices.entities.ts';
import { calendarMeetingsEntity } from './calendar/meetings.entities.ts';
import { settingsEntity } from './settings/settings.entities.ts';
import { attachmentsEntity } from './attachments/attachments.entity.ts';

/**
 * The server's synced entities: every shared declaration (shared-types/src/sync/entities.ts, with its
 * relations and policy), plus the database checks and side effects of those listed here, and the access sets
 * read scopes name. The sync layer receives this (app.registry) and knows no feature.
 */
export const REGISTRY = createRegistry(
  [
    petitionsEntity,
    petitionPartiesEntity,
    courtsEntity,
    usersEntity,
    ...BILLING_SERVER_ENTITIES,
    ...DATED_ENTITIES,
    ...LIBRARY_SERVER_ENTITIES,
    calendarMeetingsEntity,
    settingsEntity,
    attachmentsEntity,
  ],
  {
    petitions: readablePetitions,
    invoices: readableInvoices,
  },
);
