import { settingsDecl } from '@lawfirm/shared-types';
import { pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';
import { sanitizePageHtml } from '../http/sanitize.ts';
import { MutationRejected } from '../sync/store.ts';
import { serverEntity } from '../sync/entities.ts';

/**
 * The About page's HTML (login_page_content) as stored and served to visitors: cleaned with the allow-list of
 * the library's rich text, so a saved <script> or onerror= never reaches a visitor. Empty after cleaning is none.
 */
export const cleanAboutHtml = (html: unknown): string | null =>
  typeof html === 'string' ? sanitizePageHtml(html).trim() || null : null;

/**
 * One settings row per firm; every member reads it (site name, phone), admins edit it (the shared policy).
 * On every write path (REST, a device's push): the invoice phone, when it changes, must be a Pakistani number
 * (checked on change, so a firm whose old number predates the check can still save its other fields), and the
 * About HTML is stored cleaned, in the same change.
 */
export const settingsEntity = serverEntity(settingsDecl, {
  check: async (_trx, _actor, row, changed) => {
    if (!changed.includes('invoice_phone')) return null;
    const problem = pkPhoneError(row.invoice_phone as string | null);
    if (problem) throw new MutationRejected(problem, 422, { invoice_phone: [problem] });
    return null;
  },
  afterWrite: async (trx, _actor, before, after, changed) => {
    if (before && !changed.includes('login_page_content')) return;
    const clean = cleanAboutHtml(after.login_page_content);
    if (clean === (after.login_page_content ?? null)) return;
    await trx.updateTable('settings').set({ login_page_content: clean }).where('id', '=', after.id).execute();
  },
});
