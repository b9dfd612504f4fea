import { lazy, type ReactElement, type ReactNode } from 'react';
import type { z } from 'zod';
import type { TEntityDecl } from '@lawfirm/shared-types';
import type { TRow } from '../sync/db.ts';
import type { TField } from './fields.ts';

/**
 * A firm's list of records with an add/edit form on pages of their own (links today; the library's lists
 * next), declared once (DESIGN §3): the entity's shared declaration gives the rules, messages and who may do
 * what; the module names its paths, titles, form fields and how a row reads in the list. Everything reads and
 * writes the device's database, so all of it works with no network.
 */
export type TRecordModule<R extends TRow> = {
  decl: TEntityDecl<z.ZodObject>;
  list: { path: string; title: string };
  create: { path: string; title: string; button: string };
  /** The edit page's path ends with `:param`. */
  edit: { path: string; param: string; title: string };
  fields: readonly (TField & { hint?: string })[];
  /** The list's columns: header and cell. */
  columns: readonly { header: string; cell: (row: R) => ReactNode }[];
  /** The order of the list. */
  sort: (a: R, b: R) => number;
  /** Names a row in its Edit / Delete buttons' accessible names. */
  name: (row: R) => string;
};

type TRoute = { path: string; access: 'auth'; element: ReactElement };

// The screens are a chunk of their own, loaded when one of their routes first opens (the declaration and its
// paths stay in the app's route table).
const RecordList = lazy(async () => ({ default: (await import('./RecordScreens.tsx')).RecordList }));
const RecordForm = lazy(async () => ({ default: (await import('./RecordScreens.tsx')).RecordForm }));

/** The list, create and edit routes of a record module, for the app's route table. */
export function recordRoutes<R extends TRow>(m: TRecordModule<R>): TRoute[] {
  // The lazy screens are generic over the row; the module fits them whatever its row.
  const module = m as unknown as TRecordModule<TRow>;
  return [
    { path: m.list.path, access: 'auth', element: <RecordList module={module} /> },
    { path: m.create.path, access: 'auth', element: <RecordForm module={module} /> },
    { path: m.edit.path, access: 'auth', element: <RecordForm module={module} /> },
  ];
}
