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

export type TPartyRow = TRowOf<typeof petitionPartiesDecl>;
export type TPartySide = TPartyRow['side'];
/** `order_sheet_date` is the day of the hearing the order sheet records. */
export type TOrderSheetRow = TRowOf<typeof orderSheetsDecl>;
export type TUserRow = TRowOf<typeof usersDecl>;
