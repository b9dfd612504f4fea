import type { TConflict } from '@lawfirm/shared-types';
import type { TOutboxEntry } from './db.ts';

/** One value of a conflict as the viewer sees it, and what keeping it sends to the server. */
export type TConflictSide = {
  label: string;
  button: string;
  value: unknown;
  who: string | null;
  when: string | null;
  keep: 'server' | 'client';
};

/**
 * Which value is "mine" depends on who looks. The server kept the first writer's value (server_value, by
 * server_user_id) and recorded the later device's (client_value, by client_user_id); keep 'client' writes the
 * later one. So the later writer's own value is client_value, and for the first writer it is server_value.
 * An admin who wrote neither (or one person on two devices) gets neutral labels instead of a "mine" that
 * would be untrue.
 */
export function conflictSides(c: TConflict, viewerId: string | null): [TConflictSide, TConflictSide] {
  const server = {
    value: c.server_value,
    who: c.server_user_name,
    when: c.server_changed_at,
    keep: 'server' as const,
  };
  const client = {
    value: c.client_value,
    who: c.client_user_name,
    when: c.client_changed_at,
    keep: 'client' as const,
  };
  const isClient = viewerId !== null && viewerId === c.client_user_id;
  const isServer = viewerId !== null && viewerId === c.server_user_id;
  if (isClient && !isServer)
    return [
      { ...client, label: 'Yours', button: 'Keep mine' },
      { ...server, label: 'Theirs', button: 'Keep theirs' },
    ];
  if (isServer && !isClient)
    return [
      { ...server, label: 'Yours', button: 'Keep mine' },
      { ...client, label: 'Theirs', button: 'Keep theirs' },
    ];
  return [
    { ...server, label: 'Saved', button: 'Keep saved value' },
    { ...client, label: 'Not saved', button: 'Keep other value' },
  ];
}

const ENTITY_LABELS: Record<string, string> = {
  courts: 'Court',
  case_categories: 'Case category',
  case_category_courts: 'Court of a case category',
  module_types: 'Module type',
  statutes: 'Statute',
  limitation_articles: 'Limitation article',
  settings: 'Settings',
  users: 'User',
  contact_requests: 'Contact request',
  conflicts: 'Conflict',
};

const humanize = (s: string) => {
  const t = s.replace(/_/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

export const entityLabel = (entity: string): string => ENTITY_LABELS[entity] ?? humanize(entity);
export const fieldLabel = (field: string): string => humanize(field);

export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(empty)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** dd/mm/yyyy, hh:mm in the device's time zone. */
export function showInstant(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleString('en-GB', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/** A refused change in words: what it tried to do. */
export function describeMutation(e: TOutboxEntry): string {
  const args = (e.args ?? {}) as { values?: Record<string, unknown>; keep?: string };
  switch (e.name) {
    case 'put': {
      const fields = Object.keys(args.values ?? {}).map(fieldLabel);
      return `${entityLabel(e.entity)}: set ${fields.join(', ') || 'nothing'}`;
    }
    case 'delete':
      return `${entityLabel(e.entity)}: delete`;
    case 'conflicts.resolve':
      return 'Choice of a conflict';
    default:
      return `${humanize(e.name)} (${entityLabel(e.entity)})`;
  }
}
