import type {
  TRowOf,
  orderSheetsDecl,
  petitionPartiesDecl,
  petitionsDecl,
  usersDecl,
} from '@lawfirm/shared-types';

/**
 * Case-file rows as the device stores them, inferred from their declarations in shared-types
 * (case-files.entities.ts): flags are booleans, dates ISO YYYY-MM-DD, `created_at` absent on a case made on
 * this device and not synced yet.
 */
export type TPetitionRow = TRowOf<typeof petitionsDecl>;

/**
 * A row inside a case file. `petition_id` is its parent column: set when the row is made and never null, but
 * the declaration types it by its codec only (its row schema does not list parent columns), so it is
 * narrowed here.
 */
export type TInCase<R extends { petition_id: unknown }> = Omit<R, 'petition_id'> & { petition_id: string };

export type TPartyRow = TInCase<TRowOf<typeof petitionPartiesDecl>>;
export type TPartySide = TPartyRow['side'];
/** `order_sheet_date` is the day of the hearing the order sheet records. */
export type TOrderSheetRow = TInCase<TRowOf<typeof orderSheetsDecl>>;
export type TUserRow = TRowOf<typeof usersDecl>;
