import type { TRow } from '../sync/db.ts';

/**
 * Case-file rows as the device stores them (sync-server/src/case-files/case-files.entities.ts). Flags may
 * arrive as booleans (the wire) or 0/1 (older copies), so readers test them for truthiness only.
 */
export type TPetitionRow = TRow & {
  case_no: string;
  year: number | null;
  title: string;
  court_id: string | null;
  petition_type_id: string | null;
  /** ISO YYYY-MM-DD. */
  institution_date: string | null;
  is_moot_case: boolean | number | null;
  archived: boolean | number | null;
  pending_tag: string | null;
  lawyer_ids: string[] | null;
  /** The server's stamp; absent on a case created on this device and not synced yet. */
  created_at?: string | null;
};

export type TPartySide = 'petitioner' | 'opponent';

export type TPartyRow = TRow & {
  petition_id: string;
  side: TPartySide;
  name: string;
  user_id: string | null;
  display_order: number;
};

export type TOrderSheetRow = TRow & {
  petition_id: string;
  /** ISO YYYY-MM-DD: the day of the hearing this order sheet records. */
  order_sheet_date: string;
  order_sheet_type_id?: string | null;
};

export type TUserRow = TRow & {
  name: string;
  email: string | null;
  phone: string | null;
  cnic: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  company_name: string | null;
  role_id: string | null;
  is_moot_student?: boolean | number | null;
  blocked_at?: string | null;
};
