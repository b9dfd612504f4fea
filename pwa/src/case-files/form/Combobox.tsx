import { useId, useState, type KeyboardEvent } from 'react';

export type TComboOption = { key: string; label: string; hint?: string };

/**
 * A text input with a list of choices under it (WAI-ARIA combobox with a listbox popup): the searchable
 * select of the court, the lawyer picker and the party-name autocomplete are this one control with different
 * option lists. The caller filters the options; this handles focus, the arrow keys, Enter and Escape.
 */
export function Combobox({
  id,
  text,
  options,
  onText,
  onPick,
  onBlur,
  ariaLabel,
  invalid,
  describedBy,
  placeholder,
  openOnFocus = false,
}: {
  id: string;
  text: string;
  options: readonly TComboOption[];
  onText: (text: string) => void;
  onPick: (option: TComboOption) => void;
  onBlur?: () => void;
  /** Only when no <label htmlFor={id}> names it. */
  ariaLabel?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  placeholder?: string;
  /** Show the choices as soon as the field is entered (a select), not only once typing starts. */
  openOnFocus?: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = open && options.length > 0;
  const at = Math.min(active, options.length - 1);

  const pick = (o: TComboOption) => {
    onPick(o);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (Math.min(a, options.length - 1) + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted choice; it never submits the form from here, so a name that matched
      // nothing (or a list not yet open) does not save a half-filled case.
      e.preventDefault();
      const o = shown ? options[at] : undefined;
      if (o) pick(o);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="combo">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${at}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => openOnFocus && setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} role="listbox" className="combo-list" hidden={!shown}>
        {shown &&
          options.map((o, i) => (
            <li
              key={o.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === at}
              className={i === at ? 'active' : undefined}
              // mousedown, not click: the input keeps focus, so its blur does not close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {o.label}
              {o.hint && <span className="combo-hint"> {o.hint}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
