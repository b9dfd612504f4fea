import type { IconName } from './icons.tsx';

/** A landing-page feature (part 1 §3). Without a url it is for signed-in users: the page asks them to log in. */
export type TFeature = {
  id: number;
  icon: IconName;
  heading: string;
  body_text: string;
  url: string | null;
};

/** The first six show on the left, the rest on the right (part 1 §1). */
export const FEATURES: TFeature[] = [
  {
    id: 1,
    icon: 'folder',
    heading: 'Case Files',
    body_text:
      'Every case file in one place: index, replies, annexures and scanned pages in order, with pending tags and the next hearing date.',
    url: null,
  },
  {
    id: 2,
    icon: 'calendar',
    heading: 'Court Calendar',
    body_text: 'Hearing dates from your order sheets on one calendar, so no date is ever missed.',
    url: null,
  },
  {
    id: 3,
    icon: 'file',
    heading: 'Order Sheets and Talbana',
    body_text:
      'Order sheets, talbana, naqal forms and synopsis kept by date, each with its photographed pages.',
    url: null,
  },
  {
    id: 4,
    icon: 'offline',
    heading: 'Works Without Signal',
    body_text:
      'Open any file in the court corridor with no network. Your changes reach the office as soon as your phone is back online.',
    url: null,
  },
  {
    id: 5,
    icon: 'calculator',
    heading: 'Limitation Calculator',
    body_text: 'Work out the last date of filing under the Limitation Act 1908 in a few questions.',
    url: '/limitation-calculator',
  },
  {
    id: 6,
    icon: 'search',
    heading: 'FIR Reader',
    body_text: 'Read the sections and statutes of an FIR in plain words, and share the result.',
    url: '/fir-reader',
  },
  {
    id: 7,
    icon: 'pen',
    heading: 'Sample Pleadings',
    body_text: 'A growing library of plaints, petitions and applications to start your drafts from.',
    url: null,
  },
  {
    id: 8,
    icon: 'signature',
    heading: 'Sample Contracts',
    body_text: 'Contracts and agreements drafted for Pakistani practice, ready to adapt.',
    url: null,
  },
  {
    id: 9,
    icon: 'help',
    heading: 'Frequently Asked Legal Questions',
    body_text: 'Settled legal propositions with their provisions and case law, searchable by keyword.',
    url: null,
  },
  {
    id: 10,
    icon: 'card',
    heading: 'Accounts and Invoices',
    body_text: 'Invoices with payments, expenses and tax, sent to clients by email or downloaded as PDF.',
    url: null,
  },
  {
    id: 11,
    icon: 'video',
    heading: 'Online Meetings',
    body_text: 'Meet clients and colleagues in your own video room straight from a case file.',
    url: null,
  },
  {
    id: 12,
    icon: 'users',
    heading: 'Clients and Team',
    body_text:
      'Partners, associates, paralegals and clients each get their own login and see what they should.',
    url: null,
  },
];
