import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { tooLong } from '../common/validation.ts';
import {
  defineEntity,
  type TEntityDecl,
  type TEntityPolicy,
  type TFilesDecl,
  type TReadScope,
} from '../sync/entity.ts';
import { DOCUMENT_MIME } from './sniff.ts';

/**
 * The one attachment model (issue 32 item 2): every file any row owns (a case document's scans, a library page's
 * files, a payment's receipts) is a row of `attachments`, named by its owner's kind and id. Which entities may own
 * files, how many, of which kinds and sizes is the `files` property of the owner's own declaration
 * (sync/entity.ts TFilesDecl); this entity is built from those, so adding files to an entity is that one line.
 * Who reads, adds and removes a file is who reads and edits its owner: the owner entity's policy.
 */

/** Columns a file shares with its owner to be read with it (TFilesDecl.within); a new one needs a migration. */
export const FILE_SCOPE_COLUMNS = ['petition_id', 'invoice_id'] as const;

export const MSG_FILE_OWNER_INVALID = 'The record to attach the files to is not valid.';
export const tooManyFilesMessage = (max: number) => `At most ${max} files can be attached here.`;
export const fileTooLargeMessage = (maxBytes: number) =>
  `A file may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`;

/** A declared owner: its entity and what it declares about its files. */
export type TFileOwner = TFilesDecl & { entity: string; policy: TEntityPolicy };

/** The owners among `decls`: those whose declaration says they own files. Two owners never share a kind. */
export function fileOwners(decls: readonly TEntityDecl[]): TFileOwner[] {
  const owners = decls.flatMap((d) => (d.files ? [{ ...d.files, entity: d.name, policy: d.policy }] : []));
  const seen = new Set<string>();
  for (const o of owners) {
    if (seen.has(o.type)) throw new Error(`two entities own files of the kind ${o.type}`);
    seen.add(o.type);
  }
  return owners;
}

/**
 * The declared owner a client names (`attachmentable_type`, a storage URL's folder): its kind or one of its
 * `aliases`, bare or with the original API's class prefix (`App\Models\PetitionIndex`). Undefined for anything else.
 */
export function ownerNamed<O extends Pick<TFilesDecl, 'type' | 'aliases'>>(
  owners: readonly O[],
  raw: unknown,
): O | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().replace(/^App\\Models\\/, '');
  return owners.find((o) => o.type === name) ?? owners.find((o) => o.aliases?.includes(name));
}

/** A file's URL in the original client's storage, for owners that declare `storagePath` (a receipt's). */
export const ownerFilePath = (o: Pick<TFilesDecl, 'storagePath'>, ownerId: string, fileName: string) =>
  `/storage/attachments/${o.storagePath ?? ''}/${ownerId}/${encodeURIComponent(fileName)}`;

/** The mime types a declared owner's files may have. */
export const ownerMimeTypes = (o: Pick<TFilesDecl, 'kinds'>): string[] => [
  ...new Set(o.kinds.map((k) => DOCUMENT_MIME[k])),
];

/**
 * The owner's read scope as a scope of its files: the same access set on the column the file shares with its
 * owner, or, for an owner read whole, the files of its kind. (An owner scope of column values cannot carry
 * over: no owner declares one.)
 */
function fileScope(o: TFileOwner, scope: TReadScope): TReadScope {
  if (scope === 'none') return 'none';
  const ofKind: TReadScope = { anyOf: [{ column: 'owner_type', value: o.type }] };
  if (scope === 'all') return ofKind;
  if ('set' in scope && o.within) return { set: scope.set, column: o.within };
  throw new Error(`the read scope of ${o.entity} does not carry over to its files`);
}

const scopeColumn = z.string().min(1).max(200).nullish();

export function attachmentsEntity(decls: readonly TEntityDecl[]) {
  const owners = fileOwners(decls);
  for (const o of owners)
    if (o.within && !(FILE_SCOPE_COLUMNS as readonly string[]).includes(o.within))
      throw new Error(`files of ${o.entity} cannot be read with ${o.within}`);
  const byType = new Map(owners.map((o) => [o.type, o]));
  const ownerOf = (row?: Record<string, unknown>) => byType.get(String(row?.owner_type));
  const types = owners.map((o) => o.type) as [string, ...string[]];
  const policy: TEntityPolicy = {
    readScope: (a) => {
      const parts = owners.map((o) => fileScope(o, o.policy.readScope(a))).filter((s) => s !== 'none');
      return parts.length ? { either: parts } : 'none';
    },
    // Without the row (a legacy put asking ahead), whether some owner kind lets the actor add files.
    canCreate: (a, row) => {
      const o = ownerOf(row);
      return row ? !!o?.policy.canCreate(a) : owners.some((x) => x.policy.canCreate(a));
    },
    canUpdate: (a, row, fields) => {
      const o = ownerOf(row);
      if (!o) return MSG.forbidden;
      const allowed = o.policy.canUpdate(a, row, fields);
      if (allowed !== true) return allowed;
      const fileFields = ['sha256', 'file_name', 'mime_type', 'size'];
      return o.fixedMessage && fields.some((f) => fileFields.includes(f)) ? o.fixedMessage : true;
    },
    canDelete: (a, row) => !!ownerOf(row)?.policy.canDelete(a, row),
  };
  return defineEntity({
    name: 'attachments',
    columns: {
      id: 'text',
      company_id: 'text',
      petition_id: 'text',
      invoice_id: 'text',
      owner_type: 'text',
      owner_id: 'text',
      sha256: 'text',
      file_name: 'text',
      mime_type: 'text',
      size: 'int',
      title: 'text',
      display_order: 'int',
      created_at: 'text',
    },
    writable: [
      'petition_id',
      'invoice_id',
      'owner_type',
      'owner_id',
      'sha256',
      'file_name',
      'mime_type',
      'size',
      'title',
      'display_order',
    ],
    schema: z
      .object({
        petition_id: scopeColumn,
        invoice_id: scopeColumn,
        owner_type: z.enum(types, { error: MSG_FILE_OWNER_INVALID }),
        owner_id: z.string({ error: MSG_FILE_OWNER_INVALID }).min(1, { error: MSG_FILE_OWNER_INVALID }),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        file_name: z.string().min(1).max(255, tooLong(255)),
        mime_type: z.string().max(200),
        size: z.number().int().min(0),
        title: z.string().max(255, tooLong(255)).nullish(),
        display_order: z.coerce.number().int().min(0).max(1_000_000).default(0),
      })
      .superRefine((row, ctx) => {
        const o = byType.get(row.owner_type);
        if (!o) return;
        // The kind's own words first: a receipt that is a Word file is told what a receipt may be.
        if (!ownerMimeTypes(o).includes(row.mime_type))
          ctx.addIssue({ code: 'custom', path: ['mime_type'], message: o.kindsMessage });
        if (row.size > o.maxBytes)
          ctx.addIssue({ code: 'custom', path: ['size'], message: fileTooLargeMessage(o.maxBytes) });
        // Read with its owner: the owner's column is set (the store checks it is the owner's), no other is.
        for (const c of FILE_SCOPE_COLUMNS)
          if (c === o.within ? !row[c] : row[c])
            ctx.addIssue({ code: 'custom', path: [c], message: o.invalidMessage ?? MSG_FILE_OWNER_INVALID });
      }),
    defaults: { display_order: 0, petition_id: null, invoice_id: null },
    indexes: ['[owner_type+owner_id]', 'owner_id', 'sha256', 'petition_id', 'invoice_id'],
    owner: {
      typeColumn: 'owner_type',
      idColumn: 'owner_id',
      entities: Object.fromEntries(owners.map((o) => [o.type, o.entity])),
      within: Object.fromEntries(owners.flatMap((o) => (o.within ? [[o.type, o.within]] : []))),
      invalidMessage: MSG_FILE_OWNER_INVALID,
      otherCaseMessage: MSG_FILE_OWNER_INVALID,
      invalidMessages: Object.fromEntries(
        owners.flatMap((o) => (o.invalidMessage ? [[o.type, o.invalidMessage]] : [])),
      ),
      otherCaseMessages: Object.fromEntries(
        owners.flatMap((o) => {
          const m = o.otherMessage ?? o.invalidMessage;
          return m ? [[o.type, m]] : [];
        }),
      ),
    },
    policy,
    fileColumns: ['sha256'],
  });
}
