import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type TCrumb = { label: string; to: string };

/** Home › Petitions › … (part 1 §2 Page header). */
export function Breadcrumb({ trail, current }: { trail: readonly TCrumb[]; current: ReactNode }) {
  const all: TCrumb[] = [
    { label: 'Home', to: '/dashboard' },
    { label: 'Petitions', to: '/petitions' },
    ...trail,
  ];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {all
          .filter((c) => c.label)
          .map((c) => (
            <li key={c.to}>
              <Link to={c.to}>{c.label}</Link>
            </li>
          ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
