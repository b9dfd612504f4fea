import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

export type TPetitionTab =
  | 'petition'
  | 'replies'
  | 'order-sheets'
  | 'oral-arguments'
  | 'naqal-forms'
  | 'talbana'
  | 'case-laws'
  | 'extra-documents'
  | 'synopsis'
  | 'judgements'
  | 'annexures';

type TTab = { key: TPetitionTab; label: string; path: (id: string) => string };

const enc = encodeURIComponent;

/** Part 1 §2 "Petition tab bar": the four main tabs, then the 'Others' dropdown, with their routes. */
export const PETITION_TABS: readonly TTab[] = [
  { key: 'petition', label: 'Petition', path: (id) => `/petitions/${enc(id)}` },
  { key: 'replies', label: 'Replies', path: (id) => `/petition-reply-parents/${enc(id)}` },
  { key: 'order-sheets', label: 'Order Sheets', path: (id) => `/petition-order-sheets-index/${enc(id)}` },
  {
    key: 'oral-arguments',
    label: 'Oral Arguments',
    path: (id) => `/standard-index/${enc(id)}/oral_arguments`,
  },
];
export const OTHER_TABS: readonly TTab[] = [
  { key: 'naqal-forms', label: 'Naqal Forms', path: (id) => `/petition-naqal-forms-index/${enc(id)}` },
  { key: 'talbana', label: 'Talbana', path: (id) => `/petition-talbana-index/${enc(id)}` },
  { key: 'case-laws', label: 'Case Laws', path: (id) => `/standard-index/${enc(id)}/case_laws` },
  { key: 'extra-documents', label: 'Extra Doc', path: (id) => `/standard-index/${enc(id)}/extra_documents` },
  { key: 'synopsis', label: 'Synopsis', path: (id) => `/petition-synopsis-index/${enc(id)}` },
  { key: 'judgements', label: 'Judgment', path: (id) => `/standard-index/${enc(id)}/judgements` },
  { key: 'annexures', label: 'All Annexures', path: (id) => `/all-indexes-details/${enc(id)}` },
];

/**
 * The tab bar on every petition page. Tabs are links (each is its own page); 'Others' is a disclosure of
 * links, reachable with Tab and closed by Escape or a click elsewhere.
 */
export function PetitionTabs({ petitionId, current }: { petitionId: string; current: TPetitionTab }) {
  const loc = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === loc.key;
  const ref = useRef<HTMLLIElement>(null);
  const listId = useId();
  const otherCurrent = OTHER_TABS.find((t) => t.key === current);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpenAt(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav className="petition-tabs" aria-label="Case file sections">
      <ul>
        {PETITION_TABS.map((t) => (
          <li key={t.key}>
            <Link
              to={t.path(petitionId)}
              className={t.key === current ? 'tab active' : 'tab'}
              aria-current={t.key === current ? 'page' : undefined}
            >
              {t.label}
            </Link>
          </li>
        ))}
        <li className="tab-dropdown" ref={ref}>
          <button
            type="button"
            className={otherCurrent ? 'tab active' : 'tab'}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpenAt(open ? null : loc.key)}
          >
            {otherCurrent ? `Others: ${otherCurrent.label}` : 'Others'} ▾
          </button>
          <ul id={listId} className="tab-menu" hidden={!open}>
            {OTHER_TABS.map((t) => (
              <li key={t.key}>
                <Link to={t.path(petitionId)} aria-current={t.key === current ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
