// Moved to db/query-helpers.ts (they serve every feature, not reference data). Kept as a re-export only until
// crud.ts and reference-data.repository.ts import from there; delete this file then.
export { containsText, inTransaction } from '../db/query-helpers.ts';
