import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import {
  documentMailSource,
  documentPdfPath,
  ENTITY_DECLS,
  entityDecl,
  settingsDecl,
  type TActor,
  type TDocumentDecl,
  type TDocumentInput,
  type TEntityDecl,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { sendPdf } from '../http/content-disposition.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import type { Mail } from '../mail/mailer.ts';
import type { MailAttachmentSources, MailFile } from '../mail/mail-attachments.ts';
import { toWire } from '../sync/codec.ts';
import { canReadRow, serverEntity, type ServerHooks } from '../sync/entities.ts';
import { forFirm, type LiveTable } from '../sync/firm.ts';
import { pdfActor } from '../case-files/pdf-auth.ts';
import { pdfUrl } from '../case-files/pdf-urls.ts';
import { ZPdfQuery } from '../case-files/pdf.types.ts';

/**
 * Declared documents (shared-types/src/pdf/document.ts): an entity that declares `document` gets, from this
 * one module, its PDF download route with signed links, its PDF built in a PDF worker by the shared builder
 * the device uses offline, and the mail that carries it (queued with the save, its PDF made by the mailer
 * after the commit). The feature writes only its builder.
 */

type TDocumentEntity = TEntityDecl & { document: TDocumentDecl };
const hasDocument = (d: TEntityDecl): d is TDocumentEntity => d.document !== undefined;

/** The entities that declare a document (the shared order). */
export const DOCUMENT_ENTITIES: readonly TDocumentEntity[] = (ENTITY_DECLS as readonly TEntityDecl[]).filter(
  hasDocument,
);

export function documentEntity(name: string): TDocumentEntity {
  const decl = entityDecl(name);
  if (!decl || !hasDocument(decl)) throw new Error(`${name} declares no document`);
  return decl;
}

// Wire rows of declared entities: the declaration's columns decoded as devices receive them.
const wire = (decl: TEntityDecl, row: Record<string, unknown>) => toWire(serverEntity(decl), row);
/** A declared column, named at run time (the same SQL as a column name). */
const columnIs = (table: string, column: string, value: string) =>
  sql<SqlBool>`${sql.ref(`${table}.${column}`)} = ${value}`;

/**
 * What a document prints: the firm's live row, its live child rows and the firm's settings, as devices
 * receive them (the device's download reads the same from its tables). Undefined when the row is gone.
 */
export async function documentInput(
  db: Db,
  companyId: string,
  decl: TDocumentEntity,
  id: string,
): Promise<TDocumentInput | undefined> {
  const firm = forFirm(db, companyId);
  const row = await firm.find(decl.name as LiveTable, id);
  if (!row) return undefined;
  const children: Record<string, Record<string, unknown>[]> = {};
  for (const name of decl.document.children) {
    const child = entityDecl(name);
    const parent = child?.parents?.find((p) => p.entity === decl.name);
    if (!child || !parent) throw new Error(`${name} is not a child of ${decl.name}`);
    const rows: Record<string, unknown>[] = await firm
      .live(name as LiveTable)
      .selectAll()
      .where(columnIs(name, parent.column, id))
      .orderBy(sql.ref(`${name}.created_at`))
      .orderBy(sql.ref(`${name}.id`))
      .execute();
    children[name] = rows.map((r) => wire(child, r));
  }
  const settings = await firm.live('settings').selectAll().executeTakeFirst();
  return { row: wire(decl, row), children, settings: settings ? wire(settingsDecl, settings) : null };
}

/** The document's PDF, built in a PDF worker (off the event loop), with its download name. */
export async function buildDocument(
  app: FastifyInstance,
  companyId: string,
  decl: TDocumentEntity,
  input: TDocumentInput,
): Promise<MailFile> {
  const [bytes, doc] = await Promise.all([
    app.pdfWorkers.build(
      { kind: 'declared', entity: decl.name, data: input },
      { dataDir: app.config.dataDir, companyId },
    ),
    decl.document.load(),
  ]);
  return { bytes, fileName: doc.fileName(input), mimeType: 'application/pdf' };
}

/** The signed link of a row's PDF (the REST answers' pdf_download_url). */
export const documentUrl = (
  app: FastifyInstance,
  req: FastifyRequest,
  actor: TActor,
  decl: TDocumentEntity,
  id: string,
) => pdfUrl(app, req, documentPdfPath(decl.document, id), actor);

/**
 * The row of `decl` the actor may read, with what its document prints: 403 for an actor who reads none of the
 * entity, 404 for another firm's row or one outside the actor's read scope (a client's other invoices).
 */
async function readableInput(app: FastifyInstance, actor: TActor, decl: TDocumentEntity, id: string) {
  const def = app.registry.byName.get(decl.name);
  if (!def) throw new Error(`${decl.name} is not registered`);
  const scope = def.readScope(actor);
  if (scope === 'none') throw forbidden();
  const input = await documentInput(app.db, actor.company_id, decl, id);
  if (!input) throw notFound();
  const sets = typeof scope === 'object' && 'set' in scope ? [scope.set] : [];
  const access = new Map();
  for (const set of sets) {
    const resolve = app.registry.access[set];
    if (!resolve) throw new Error(`unknown access set ${set}`);
    access.set(set, await resolve(app.db, actor));
  }
  if (!canReadRow(scope, input.row, access)) throw notFound();
  return input;
}

/** GET /api/pdf/{path}/{id} of every declared document: a bearer token or the link's signature. */
export async function documentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const decl of DOCUMENT_ENTITIES)
    app.get(
      `/api/pdf/${decl.document.path}/:id`,
      { schema: { params: ZIdParams, querystring: ZPdfQuery } },
      async (req, reply) => {
        const actor = await pdfActor(app, req);
        const input = await readableInput(app, actor, decl, req.params.id);
        const { bytes, fileName } = await buildDocument(app, actor.company_id, decl, input);
        return sendPdf(reply, fileName, bytes);
      },
    );
}

/**
 * Queues the document's mail to whom its declaration names, in the caller's transaction (the mail outbox),
 * each with its PDF attached: named here, made by the mailer just after the commit (never a PDF built inside
 * a transaction), from the row as it was saved.
 */
export async function queueDocumentMail(
  trx: Db,
  actor: TActor,
  decl: TDocumentEntity,
  id: string,
  enqueue: (mail: Mail) => Promise<unknown>,
): Promise<void> {
  const [input, doc] = await Promise.all([
    documentInput(trx, actor.company_id, decl, id),
    decl.document.load(),
  ]);
  if (!input || !doc.mail) return;
  const { to, subject, body } = doc.mail(input);
  const source = documentMailSource(decl.name, decl.document);
  for (const address of to)
    await enqueue({
      companyId: actor.company_id,
      to: address,
      subject,
      text: body,
      attachments: [{ source, ref: id }],
    });
}

/** A REST save's mail: queued, then the sender woken (it makes the PDF, then sends). */
export const mailDocument = (app: FastifyInstance, actor: TActor, decl: TDocumentEntity, id: string) =>
  queueDocumentMail(app.db, actor, decl, id, (m) => app.mailer.enqueue(m));

/** A device's save mails the document as its declaration says (REST calls send theirs with mailDocument). */
export const documentMailHook =
  (decl: TDocumentEntity): NonNullable<ServerHooks['afterWrite']> =>
  async (trx, actor, before, after, changed, effects) => {
    if (effects && decl.document.mailWhen?.(before, after, changed))
      await queueDocumentMail(trx, actor, decl, after.id, (m) => effects.mail(trx, m));
  };

/**
 * The makers of the PDFs queued mails carry, one per declared document (mail-sources.ts lists them). The
 * firm's own document is read as its staff reads it: the mail was queued by someone allowed to send it.
 */
export const documentMailSources = (app: FastifyInstance): MailAttachmentSources =>
  Object.fromEntries(
    DOCUMENT_ENTITIES.map((decl) => [
      documentMailSource(decl.name, decl.document),
      async (companyId: string, ref: string) => {
        const input = await documentInput(app.db, companyId, decl, ref);
        if (!input) throw new Error(`The ${decl.document.noun} was deleted before its mail was sent.`);
        return buildDocument(app, companyId, decl, input);
      },
    ]),
  );
