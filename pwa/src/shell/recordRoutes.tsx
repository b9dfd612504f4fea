import { lazy, type ReactElement, type ReactNode } from 'react';
import type { z } from 'zod';
import type { TEntityDecl } from '@lawfirm/shared-types';
import type { TRow } from '../sync/db.ts';
import type { TField } from '../ui/fields.ts';

/**
 * A firm's list of records with an add/edit form on pages of their own (links today; the library's lists
 * next), declared once (DESIGN §3): the entity's shared declaration gives the rules, messages and who may do
 * what; the module names its paths, titles, form fields and how a row reads in the list. Everything reads and
 * writes the device's database, so all of it works with no network.
 *
 * A module is declared in two parts: its pages (paths and titles, in the app's route table) and its body
 * (module files such as library/links.module.tsx, loaded with the screens).
 */

/** Where a record module's pages are: what the app's route table needs at start. */
export type TRecordPages = {
  list: { path: string; title: string };
  create: { path: string; title: string; button: string };
  /** The edit page's path ends with `:param`. */
  edit: { path: string; param: string; title: string };
};

/**
 * The rest of a record module, loaded with its screens (so the app's first load carries neither its zod
 * schemas nor its fields and columns).
 */
export type TRecordBody<R extends TRow> = {
  decl: TEntityDecl<z.ZodObject>;
  fields: readonly (TField & { hint?: string })[];
  /** The list's columns: header and cell. */
  columns: readonly { header: string; cell: (row: R) => ReactNode }[];
  /** The order of the list. */
  sort: (a: R, b: R) => number;
  /** Names a row in its Edit / Delete buttons' accessible names. */
  name: (row: R) => string;
};

export type TRecordModule<R extends TRow> = TRecordPages & TRecordBody<R>;

type TRoute = { path: string; access: 'auth'; element: ReactElement };

/**
 * The list, create and edit routes of a record module, for the app's route table. The screens are a chunk of
 * their own, loaded with the module's body when one of its routes first opens.
 */
export function recordRoutes<R extends TRow>(m: TRecordPages, body: () => Promise<TRecordBody<R>>): TRoute[] {
  // The lazy screens are generic over the row; the module fits them whatever its row.
  const loaded = async (): Promise<TRecordModule<TRow>> =>
    ({ ...m, ...(await body()) }) as unknown as TRecordModule<TRow>;
  const RecordList = lazy(async () => {
    const [screens, module] = await Promise.all([import('./RecordScreens.tsx'), loaded()]);
    return { default: () => <screens.RecordList module={module} /> };
  });
  const RecordForm = lazy(async () => {
    const [screens, module] = await Promise.all([import('./RecordScreens.tsx'), loaded()]);
    return { default: () => <screens.RecordForm module={module} /> };
  });
  return [
    { path: m.list.path, access: 'auth', element: <RecordList /> },
    { path: m.create.path, access: 'auth', element: <RecordForm /> },
    { path: m.edit.path, access: 'auth', element: <RecordForm /> },
  ];
}
