import { useEffect, useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { filterSuggestions, SUGGESTION_DELAY_MS } from './fields.ts';
import './suggest-input.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  suggestions: readonly string[];
  /** Enter when no suggestion is highlighted (saves the row). */
  onEnter: () => void;
  /** Escape when the list is closed (cancels the edit). */
  onEscape?: () => void;
};

/**
 * A text input offering suggestions that start with what was typed, shown once typing pauses for 250 ms
 * (part 1 §9). An ARIA combobox: arrow keys move through the list, Enter picks, Escape closes it.
 */
export function SuggestInput({ value, onChange, suggestions, onEnter, onEscape, ...rest }: Props) {
  const listId = useId();
  // The text the list was last filtered for: the list waits for typing to pause.
  const [settled, setSettled] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), SUGGESTION_DELAY_MS);
    return () => clearTimeout(t);
  }, [value]);

  const matches = open && settled === value ? filterSuggestions(value, suggestions) : [];
  const shown = matches.length > 0;
  const pick = (s: string) => {
    onChange(s);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!shown) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = shown ? matches[active] : undefined;
      if (chosen) pick(chosen);
      else onEnter();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (shown) setOpen(false);
      else onEscape?.();
    }
  };

  return (
    <div className="suggest">
      <input
        {...rest}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <SuggestList
        id={listId}
        label="Suggestions"
        shown={shown}
        items={matches}
        active={active}
        keyOf={(m) => m}
        labelOf={(m) => m}
        onPick={pick}
      />
    </div>
  );
}

/**
 * The listbox of a combobox: its options with the highlighted one marked, picked on mousedown (not click: the
 * input's blur would close the list before a click lands). Option ids are `{id}-{index}` for
 * aria-activedescendant.
 */
export function SuggestList<T>({
  id,
  label,
  shown,
  items,
  active,
  keyOf,
  labelOf,
  onPick,
}: {
  id: string;
  label: string;
  shown: boolean;
  items: readonly T[];
  active: number;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  onPick: (item: T) => void;
}) {
  return (
    <ul id={id} role="listbox" className="suggest-list" hidden={!shown} aria-label={label}>
      {items.map((item, i) => (
        <li
          key={keyOf(item)}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item);
          }}
        >
          {labelOf(item)}
        </li>
      ))}
    </ul>
  );
}
