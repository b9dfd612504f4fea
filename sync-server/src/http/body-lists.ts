import type { FastifyRequest } from 'fastify';
import { tooManyItemsMessage } from '@lawfirm/shared-types/common/validation.ts';
import { validationError, type TFieldErrors } from './errors.ts';

/**
 * How many items a list in a request body may hold, by the list's name, with the words its message uses. A
 * list of another name gets DEFAULT_LIST_BOUND. Each bound is well above what a real firm sends (an invoice of
 * 100 expense lines, 50 FIR sections, 50 parties a side) and far below what stalls the server: an invoice of
 * 20,000 expenses took 3 s of the event loop to save and 1.8 s for every later list of that firm's invoices.
 */
export const LIST_BOUNDS: Readonly<Record<string, { max: number; label: string; own?: true }>> = {
  invoice_expenses: { max: 100, label: 'invoice expenses' },
  filterSections: { max: 50, label: 'FIR sections' },
  petitioners: { max: 50, label: 'petitioners' },
  opponents: { max: 50, label: 'opponents' },
  petitioner_names: { max: 50, label: 'petitioners' },
  opponent_names: { max: 50, label: 'opponents' },
  lawyer_ids: { max: 50, label: 'lawyers' },
  lawyers: { max: 50, label: 'lawyers' },
  contact_persons: { max: 50, label: 'contact persons' },
  contact_person_emails: { max: 20, label: 'contact person emails' },
  additionalemails: { max: 20, label: 'additional emails' },
  // A push's mutations are checked one by one as they are applied, each against its entity's schema (with its
  // own list bounds): one over a bound is rejected and shown on its device, and does not block the others.
  mutations: { max: 500, label: 'changes', own: true },
  ids: { max: 1000, label: 'selected items' },
};
/** Any other list (a bulk selection, a legacy form's rows). */
export const DEFAULT_LIST_BOUND = 1000;
/** Deeper than any body a client sends; a deeper one is refused before anything walks it further. */
export const MAX_BODY_DEPTH = 32;

export const MSG_TOO_DEEP = 'The request is nested too deeply.';

/**
 * The field errors of a parsed body's lists over their bound, by path ('invoice_expenses',
 * 'mutations.3.args.lawyer_ids'); empty when every list is within bounds. It walks iteratively, so a body
 * nested thousands deep costs a loop, not the stack.
 */
export function listErrors(body: unknown): TFieldErrors {
  const errors: TFieldErrors = {};
  const stack: { value: unknown; path: string; key: string; depth: number }[] = [
    { value: body, path: '', key: '', depth: 0 },
  ];
  while (stack.length) {
    const { value, path, key, depth } = stack.pop()!;
    // Bytes (an upload's chunk) are not lists.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (depth > MAX_BODY_DEPTH) {
      errors[path || '_'] = [MSG_TOO_DEEP];
      return errors;
    }
    const at = (k: string) => (path ? `${path}.${k}` : k);
    if (Array.isArray(value)) {
      const bound = LIST_BOUNDS[key] ?? { max: DEFAULT_LIST_BOUND, label: key || 'list' };
      if (value.length > bound.max) {
        errors[path || '_'] = [tooManyItemsMessage(bound.label.replace(/_/g, ' '), bound.max)];
        continue;
      }
      if ('own' in bound) continue;
      // Items of a list take the list's name: a list of lists is bounded as its parent.
      value.forEach((v, i) => stack.push({ value: v, path: at(String(i)), key, depth: depth + 1 }));
    } else {
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, path: at(k), key: k, depth: depth + 1 });
    }
  }
  return errors;
}

/**
 * A preValidation hook for every route: a body with a list over its bound is refused (422, the original API's
 * shape) before the route's schema or handler reads it.
 */
export async function boundBodyLists(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null || typeof req.body !== 'object') return;
  const errors = listErrors(req.body);
  if (Object.keys(errors).length) throw validationError(errors);
}
