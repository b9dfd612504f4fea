import { lazy } from 'react';
import type { AppRoute } from '../shell/appRoute.ts';

const InvoicesScreen = lazy(() => import('./InvoicesScreen.tsx'));
const InvoiceFormScreen = lazy(() => import('./InvoiceFormScreen.tsx'));

/** Billing's screens (part 3 §2.3–§2.5): invoices and the invoice form, each a chunk of its own. */
export const BILLING_ROUTES: AppRoute[] = [
  { path: '/create-invoice', access: 'auth', element: <InvoiceFormScreen /> },
  { path: '/invoices', access: 'auth', element: <InvoicesScreen /> },
  { path: '/invoices/edit/:invoice_id', access: 'auth', element: <InvoiceFormScreen /> },
];
