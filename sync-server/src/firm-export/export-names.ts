import { ROLE_LABELS, roleNameById, statusTitle, type TEntityName } from '@lawfirm/shared-types';
import { paisaToDecimal } from '@lawfirm/shared-types/common/money.ts';
import { MODULE_LABELS } from '@lawfirm/shared-types/reference-data/modules.ts';

/**
 * How the export names what the database names after the original system's tables and columns: one JSON file
 * per entity, called what a lawyer or an accountant calls it, and field names that say what they hold. Typed
 * by entity name, so a new entity does not compile until it is named here (and so is never left out).
 */

/** A column's name in the export, and its value read from a code where the stored value is one. */
export type TExportField = string | { name: string; value: (v: unknown) => unknown };
export type TExportEntity = {
  /** The JSON file's name, without `.json`. */
  file: string;
  /** What its rows are, for the README. */
  about: string;
  fields?: Readonly<Record<string, TExportField>>;
  /** Rows of one entity written as several files, as people look for them (the one attachment model). */
  parts?: readonly { file: string; about: string; where: (row: Record<string, unknown>) => boolean }[];
};

/** Money is stored in whole paisa; people and spreadsheets read rupees, as exact decimal text ("1234.50"). */
const rupees = (name: string): TExportField => ({ name, value: (v) => paisaToDecimal(Number(v)) });

/** Columns named alike in many tables: the case file everything of a case hangs off. */
export const COMMON_FIELDS: Readonly<Record<string, TExportField>> = {
  petition_id: 'case_file_id',
  petition_type_id: 'case_category_id',
  reply_parent_id: 'reply_heading_id',
};

export const EXPORT_ENTITIES: Readonly<Record<TEntityName, TExportEntity>> = {
  courts: { file: 'courts', about: "Courts the firm's cases are in" },
  case_categories: {
    file: 'case_categories',
    about: 'Kinds of case (writ petition, civil suit…) and their abbreviations',
  },
  case_category_courts: { file: 'case_category_courts', about: 'Which case categories each court hears' },
  module_types: {
    file: 'document_types',
    about: 'Types offered for order sheets, naqal forms, talbana and synopsis',
    fields: { module_id: { name: 'document', value: (v) => MODULE_LABELS[Number(v)] ?? v } },
  },
  statutes: { file: 'statutes', about: 'Statutes (for the FIR sections)' },
  limitation_articles: { file: 'limitation_articles', about: 'Limitation Act articles and their periods' },
  limitation_cases: { file: 'limitation_calculator_cases', about: 'Limitation calculator: kinds of case' },
  limitation_questions: {
    file: 'limitation_calculator_questions',
    about: 'Limitation calculator: questions',
  },
  limitation_answers: { file: 'limitation_calculator_answers', about: 'Limitation calculator: answers' },
  limitation_sub_answers: {
    file: 'limitation_calculator_sub_answers',
    about: 'Limitation calculator: sub-answers',
  },
  holidays: { file: 'holidays', about: 'Court holidays' },
  fir_sections: {
    file: 'fir_sections',
    about: 'FIR sections with arrest, bail and punishment notes',
    fields: { defination: 'definition', warrent_info: 'warrant_info' },
  },
  settings: {
    file: 'firm_settings',
    about: "The firm's settings (name, contact details, invoice heading)",
    fields: { additionalemails: 'additional_emails' },
  },
  users: {
    file: 'people',
    about: "The firm's people: admins, lawyers, staff, students and clients (no passwords)",
    fields: {
      role_id: { name: 'role', value: (v) => ROLE_LABELS[roleNameById(String(v)) ?? 'CLIENT'] },
      avatar_file_name: 'photo_file_name',
    },
  },
  contact_requests: { file: 'contact_requests', about: 'Messages sent through the contact form' },
  petitions: { file: 'case_files', about: 'Case files' },
  petition_parties: {
    file: 'case_parties',
    about: 'Parties of each case file (petitioners and respondents)',
  },
  petition_index: { file: 'petition_index_items', about: "Each case file's petition index" },
  reply_parents: { file: 'reply_headings', about: 'Headings of the replies of each case file' },
  replies: { file: 'replies', about: 'Replies of each case file' },
  order_sheets: { file: 'order_sheets', about: 'Order sheets' },
  naqal_forms: { file: 'naqal_forms', about: 'Naqal forms' },
  talbana: { file: 'talbana', about: 'Talbana' },
  synopsis: { file: 'synopsis', about: 'Synopsis entries' },
  oral_arguments: { file: 'oral_arguments', about: 'Oral arguments' },
  case_laws: { file: 'case_laws', about: 'Case laws cited in case files' },
  extra_documents: { file: 'extra_documents', about: 'Extra documents' },
  judgements: { file: 'judgements', about: 'Judgements' },
  attachments: {
    file: 'case_file_attachments',
    about: 'Files attached to case file documents (the files are under files/case_files/)',
    parts: [
      {
        file: 'case_file_attachments',
        about: 'Files attached to case file documents (the files are under files/case_files/)',
        where: (r) => !!r.petition_id,
      },
      {
        file: 'payment_receipts',
        about: 'Receipts of payments (the files are under files/invoices/)',
        where: (r) => !!r.invoice_id,
      },
      {
        file: 'library_attachments',
        about: 'Files of the library pages (the files are under files/)',
        where: (r) => !r.petition_id && !r.invoice_id,
      },
    ],
  },
  links: { file: 'useful_links', about: 'Useful links' },
  contract_categories: { file: 'contract_categories', about: 'Categories of the sample contracts' },
  general_case_laws: { file: 'legal_propositions', about: 'Frequently asked legal propositions' },
  contracts_and_agreements: {
    file: 'sample_contracts',
    about: 'Sample contracts and agreements',
    fields: { contract_category_id: 'category_id' },
  },
  sample_pleadings: { file: 'sample_pleadings', about: 'Sample pleadings' },
  invoices: {
    file: 'invoices',
    about: 'Invoices',
    fields: {
      invoice_status_id: { name: 'status', value: (v) => statusTitle(Number(v)) || v },
      amount: rupees('amount'),
    },
  },
  invoice_expenses: {
    file: 'invoice_expenses',
    about: 'Expenses billed on invoices',
    fields: { amount: rupees('amount') },
  },
  invoice_payments: {
    file: 'invoice_payments',
    about: 'Payments received against invoices',
    fields: { paid_amount: rupees('paid_amount') },
  },
  opinions: { file: 'opinions', about: 'Legal opinions issued' },
  calendar_meetings: { file: 'meetings', about: 'Meetings in the court calendar' },
  case_notices: {
    file: 'clients_told',
    about: 'When a client was told of their case by WhatsApp or SMS, and by whom (updated_by)',
    fields: { recipient_id: 'client_user_id' },
  },
  conflict_acks: {
    file: 'conflict_acknowledgements',
    about: 'Possible conflicts a user acknowledged when saving a case (Save Anyway)',
  },
  conflicts: {
    file: 'sync_conflicts',
    about: 'Edits made at once on two devices, with both values, and which was kept',
  },
};

/** The export's name of a stored column of `entity`. */
export function exportFieldOf(entity: TEntityName, column: string): TExportField {
  return EXPORT_ENTITIES[entity].fields?.[column] ?? COMMON_FIELDS[column] ?? column;
}
