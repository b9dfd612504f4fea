import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { afterPress, trackPresses } from './afterPress.ts';
import { filterSuggestions, SUGGESTION_DELAY_MS } from './fields.ts';
import './combobox.css';

export type TComboOption = { key: string; label: string; hint?: string | undefined };

export type TComboboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'role' | 'onKeyDown'
> & {
  value: string;
  onChange: (text: string) => void;
  /** The choices for what is typed now (the caller filters them); none shows no list. */
  options?: readonly TComboOption[] | undefined;
  /**
   * Words offered while typing instead of `options`: those starting with the text, once typing pauses for
   * 250 ms (part 1 §9); picking one puts it in the field.
   */
  suggestions?: readonly string[] | undefined;
  /** A choice picked (by default its label becomes the text). */
  onPick?: ((option: TComboOption) => void) | undefined;
  /** The list's accessible name. */
  listLabel?: string;
  /** Show the choices as soon as the field is entered or tapped (a select), not only once typing starts. */
  openOnFocus?: boolean;
  /** The first choice is highlighted when the list opens, so Enter picks it (a select). */
  highlightFirst?: boolean;
  /** Enter with no choice highlighted (e.g. saves a row). Enter never submits a form from here. */
  onEnter?: () => void;
  /** Escape with the list closed (e.g. cancels a row's edit). */
  onEscape?: () => void;
};

/**
 * The one autocomplete of the app (DESIGN §3): a text input with its choices listed under it, a WAI-ARIA
 * combobox with a listbox popup. Parties, the court, the lawyer picker, the calendar's case search, the
 * invoice's client search and every field with suggestions are this control with other option lists.
 *
 * The list takes its place in the page (it pushes what is below it down, never covers it) and closes only once
 * the press that left the field has landed (afterPress): so any control on screen works at the first tap
 * while a list is open, on a phone as with a mouse.
 */
export function Combobox({
  value,
  onChange,
  options: given = [],
  suggestions,
  onPick = (o) => onChange(o.label),
  listLabel = 'Suggestions',
  openOnFocus = false,
  highlightFirst = false,
  onEnter,
  onEscape,
  onBlur,
  onFocus,
  onClick,
  ...input
}: TComboboxProps) {
  const listId = useId();
  const settled = useSettled(value);
  const options = suggestions
    ? settled === value
      ? filterSuggestions(value, suggestions).map((s) => ({ key: s, label: s }))
      : []
    : given;
  const [open, setOpen] = useState(false);
  const start = highlightFirst ? 0 : -1;
  const [active, setActive] = useState(start);
  const shown = open && options.length > 0;
  const at = Math.min(active, options.length - 1);
  // A close waiting for the press that left the field: dropped if the field is entered again first.
  const closing = useRef<() => void>(() => undefined);
  useEffect(() => {
    trackPresses();
    return () => closing.current();
  }, []);

  const show = () => {
    closing.current();
    setOpen(true);
  };
  const pick = (o: TComboOption) => {
    onPick(o);
    setOpen(false);
    setActive(start);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) return show();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (Math.min(a, options.length - 1) + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted choice, or is the caller's; it never submits the form from here, so a
      // name that matched nothing (or a list not yet open) does not save a half-filled form.
      e.preventDefault();
      const o = shown && at >= 0 ? options[at] : undefined;
      if (o) pick(o);
      else onEnter?.();
    } else if (e.key === 'Escape') {
      if (shown) {
        // Closes the list only, not the dialog around it.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      } else if (onEscape) {
        e.preventDefault();
        onEscape();
      }
    }
  };

  return (
    <div className="combo">
      <input
        {...input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && at >= 0 ? `${listId}-${at}` : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setActive(start);
          show();
        }}
        onFocus={(e) => {
          if (openOnFocus) show();
          else closing.current();
          onFocus?.(e);
        }}
        onClick={(e: MouseEvent<HTMLInputElement>) => {
          if (openOnFocus) show();
          onClick?.(e);
        }}
        onBlur={(e) => {
          closing.current();
          closing.current = afterPress(() => setOpen(false));
          onBlur?.(e);
        }}
        onKeyDown={onKey}
      />
      <ComboList
        id={listId}
        label={listLabel}
        shown={shown}
        options={options}
        active={at}
        onActive={setActive}
        onPick={pick}
      />
    </div>
  );
}

/** The text as it was when typing last paused (suggestions wait for the pause). */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), SUGGESTION_DELAY_MS);
    return () => clearTimeout(t);
  }, [value]);
  return settled;
}

/**
 * The listbox of the combobox: its options with the highlighted one marked. An option is picked by its click;
 * its press keeps the focus in the field (so the field's blur does not close the list under the finger).
 * Option ids are `{id}-{index}` for aria-activedescendant.
 */
function ComboList({
  id,
  label,
  shown,
  options,
  active,
  onActive,
  onPick,
}: {
  id: string;
  label: string;
  shown: boolean;
  options: readonly TComboOption[];
  active: number;
  onActive: (i: number) => void;
  onPick: (o: TComboOption) => void;
}) {
  return (
    <ul id={id} role="listbox" className="combo-list" hidden={!shown} aria-label={label}>
      {shown &&
        options.map((o, i) => (
          <li
            key={o.key}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(o)}
            onMouseEnter={() => onActive(i)}
          >
            {o.label}
            {o.hint && <span className="combo-hint"> {o.hint}</span>}
          </li>
        ))}
    </ul>
  );
}
