import { lazy } from 'react';
import type { AppRoute } from '../shell/appRoute.ts';

const InvoicesScreen = lazy(() => import('./InvoicesScreen.tsx'));
const InvoiceFormScreen = lazy(() => import('./InvoiceFormScreen.tsx'));
const OpinionsScreen = lazy(() => import('../opinions/OpinionsScreen.tsx'));

/** Billing's screens (part 3 §2.3–§2.6): invoices, the invoice form and opinions, each a chunk of its own. */
export const BILLING_ROUTES: AppRoute[] = [
  { path: '/opinions', access: 'auth', element: <OpinionsScreen /> },
  { path: '/create-invoice', access: 'auth', element: <InvoiceFormScreen /> },
  { path: '/invoices', access: 'auth', element: <InvoicesScreen /> },
  { path: '/invoices/edit/:invoice_id', access: 'auth', element: <InvoiceFormScreen /> },
];
