// The four dated document modules (part 2 §2.1–2.2, §7): one implementation, declared here once per module.
// Plain data without zod, so screens read it without loading the schemas.
import { can, type TActor, type TPermission } from '../auth/permissions.ts';
import { MODULE_IDS } from '../reference-data/modules.ts';
import type { TAttachmentOwnerType } from '../case-files/case-files.entities.ts';

export const MSG_DATE_REQUIRED = 'Date field is required.';

/**
 * One dated document module: an entity of a case file whose rows have a title, a date, a type from the module's
 * module types and a description, each with attachments. Everything that differs between the four is here.
 */
export type TDatedModule<E extends string = string, P extends string = string> = {
  /** The synced entity (and server table). */
  entity: E;
  /** Field names: `${prefix}_type_id`, `${prefix}_date`. */
  prefix: P;
  /** Module id of its module types (part 2 §9). */
  moduleId: number;
  label: string;
  plural: string;
  /** The attachment owner model as the original API spells it (attachmentable_type, storage folder). */
  model: TAttachmentOwnerType;
  /** Other names the original client gives the model (its files' declared `aliases`). */
  modelAliases?: readonly string[];
  rest: {
    /** GET ?petition_id (records), GET /{id} (record), POST (create/update), POST /by_petition, DELETE /{id}. */
    path: `/api/${string}`;
    /** Other spellings the original client posts to. */
    aliases?: readonly `/api/${string}`[];
    /** The key of the saved row in POST's answer. */
    savedKey: string;
    /** GET of its types (rest-contract 43), answered under `typesKey`. */
    typesPath: `/api/${string}`;
    typesKey: string;
    /** GET list also answers the case file (naqal forms). */
    listWithPetition?: boolean;
  };
  /** Screen paths: /petition-{slug}-save|edit|index. */
  slug: string;
  /** Order sheets are hearing dates too and may have no title; the others require one. */
  titleRequired: boolean;
  /** Who deletes (part 2 §6): admins only for order sheets, admins and lawyers for the rest. */
  deletePermission: TPermission;
  /**
   * Order sheets: a lawyer may remove a bare hearing date (no title, type or description) they were the last to
   * set; a POST with no date (the uploader's auto-create) is dated today.
   */
  hearingDates?: true;
  /** Naqal forms: the viewer with page thumbnails. */
  viewer?: true;
};

export const ORDER_SHEETS = {
  entity: 'order_sheets',
  prefix: 'order_sheet',
  moduleId: MODULE_IDS.ORDER_SHEET,
  label: 'Order Sheet',
  plural: 'Order Sheets',
  model: 'PetitonOrderSheet',
  modelAliases: ['PetitionOrderSheet'],
  rest: {
    path: '/api/petition_order_sheets',
    aliases: ['/api/petition_orders_sheets'],
    savedKey: 'petitionOrderSheet',
    typesPath: '/api/get_order_sheet_types',
    typesKey: 'orderSheetTypes',
  },
  slug: 'order-sheets',
  titleRequired: false,
  deletePermission: 'orderSheets.delete',
  hearingDates: true,
} as const satisfies TDatedModule;

export const NAQAL_FORMS = {
  entity: 'naqal_forms',
  prefix: 'naqal_form',
  moduleId: MODULE_IDS.NAQAL_FORM,
  label: 'Naqal Form',
  plural: 'Naqal Forms',
  model: 'PetitionNaqalForm',
  rest: {
    path: '/api/petition_naqal_forms',
    savedKey: 'PetitionNaqalForm',
    typesPath: '/api/get_naqal_form_types',
    typesKey: 'naqalFormTypes',
    listWithPetition: true,
  },
  slug: 'naqal-forms',
  titleRequired: true,
  deletePermission: 'petitions.edit',
  viewer: true,
} as const satisfies TDatedModule;

export const TALBANA = {
  entity: 'talbana',
  prefix: 'talbana',
  moduleId: MODULE_IDS.TALBANA,
  label: 'Talbana',
  plural: 'Talbana',
  model: 'PetitionTalbana',
  rest: {
    path: '/api/petition_talbana',
    savedKey: 'petitionTalbana',
    typesPath: '/api/get_talbana_types',
    typesKey: 'talbanaTypes',
  },
  slug: 'talbana',
  titleRequired: true,
  deletePermission: 'petitions.edit',
} as const satisfies TDatedModule;

export const SYNOPSIS = {
  entity: 'synopsis',
  prefix: 'synopsis',
  moduleId: MODULE_IDS.SYNOPSIS,
  label: 'Synopsis',
  plural: 'Synopsis',
  model: 'PetitionSynopsis',
  rest: {
    path: '/api/petition_synopsis',
    savedKey: 'petitionSynopsis',
    typesPath: '/api/get_synopsis_types',
    typesKey: 'synopsisTypes',
  },
  slug: 'synopsis',
  titleRequired: true,
  deletePermission: 'petitions.edit',
} as const satisfies TDatedModule;

export const DATED_MODULES = [ORDER_SHEETS, NAQAL_FORMS, TALBANA, SYNOPSIS] as const;
export type TDatedModuleDecl = (typeof DATED_MODULES)[number];

export const datedModuleBySlug = (slug: string) => DATED_MODULES.find((m) => m.slug === slug);
export const datedModuleByModel = (model: string) => DATED_MODULES.find((m) => m.model === model);

/** A dated row's own fields under their module's names. */
export const datedFields = <P extends string>(m: { prefix: P }) =>
  ({ type: `${m.prefix}_type_id`, date: `${m.prefix}_date` }) as const as {
    type: `${P}_type_id`;
    date: `${P}_date`;
  };

/** An order sheet that is only a hearing date: nothing written on it but its date. */
export const isBareHearing = (m: TDatedModule, row: Record<string, unknown>) => {
  const f = datedFields(m);
  return !row.title && !row.description && !row[f.type];
};

/**
 * May the actor delete this row (the server enforces it on every write path; screens hide the button): holders
 * of the module's delete permission; for order sheets also a lawyer removing a hearing date they set.
 */
export function canDeleteDated(m: TDatedModule, actor: TActor, row: Record<string, unknown>): boolean {
  if (can(actor, m.deletePermission)) return true;
  return (
    !!m.hearingDates &&
    can(actor, 'hearingDate.edit') &&
    isBareHearing(m, row) &&
    (row.updated_by == null || row.updated_by === actor.id)
  );
}

/**
 * The line a dated item's single-item PDF prints (server and device alike): its title and its type's title
 * (else the module's name), and its date.
 */
export function datedPdfEntry(m: TDatedModule, row: Record<string, unknown>, typeTitle: string | null) {
  const title = typeof row.title === 'string' && row.title ? row.title : null;
  const date = row[datedFields(m).date];
  return {
    description: [title, typeTitle].filter(Boolean).join(' - ') || m.label,
    date: typeof date === 'string' && date ? date : null,
    annexure: null,
    page_info: null,
  };
}
