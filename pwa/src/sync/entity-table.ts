import { ENTITY_DECLS } from '@lawfirm/shared-types';
import { clientEntityTable } from './client-entities.ts';

/**
 * The synced entities as this device stores them (client-entities.ts). The build replaces this module with its
 * value as a literal (scripts/build/entity-table.ts): the declarations, and zod with them, stay out of the
 * chunk that opens the database. Tests and the dev server compute it here.
 */
export const ENTITY_TABLE = clientEntityTable(ENTITY_DECLS);
