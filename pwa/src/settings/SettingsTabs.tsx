import type { KeyboardEvent, ReactNode } from 'react';

export type TTab<K extends string> = { id: K; label: string };

/**
 * A WAI-ARIA tablist: one tab in the Tab order, arrows/Home/End move between tabs. Panels stay mounted
 * (hidden) so values typed on one tab survive a switch to another.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onSelect,
  after,
}: {
  label: string;
  tabs: readonly TTab<K>[];
  active: K;
  onSelect: (id: K) => void;
  /** Shown after the tabs, outside the tablist (a link is not a tab). */
  after?: ReactNode;
}) {
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    onSelect(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  };
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.25rem',
        borderBottom: '1px solid #c9ced6',
        marginBottom: '1rem',
      }}
    >
      <div role="tablist" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' }}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            id={tabId(t.id)}
            type="button"
            role="tab"
            className={t.id === active ? 'btn primary' : 'btn'}
            aria-selected={t.id === active}
            aria-controls={panelId(t.id)}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {after}
    </div>
  );
}

export function TabPanel<K extends string>({
  id,
  active,
  children,
}: {
  id: K;
  active: K;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} hidden={id !== active}>
      {children}
    </div>
  );
}

const tabId = (id: string) => `settings-tab-${id}`;
const panelId = (id: string) => `settings-panel-${id}`;
