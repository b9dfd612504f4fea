import { Combobox, type TComboboxProps } from './Combobox.tsx';

type Props = Omit<TComboboxProps, 'options' | 'onPick' | 'listLabel' | 'highlightFirst' | 'openOnFocus'> & {
  suggestions: readonly string[];
};

/**
 * Kept for screens not yet on the form kit: the one Combobox given a field's list of words (it filters them by
 * prefix once typing pauses for 250 ms, part 1 §9). New code renders a field of kind 'autocomplete' instead.
 */
export function SuggestInput(props: Props) {
  return <Combobox {...props} />;
}
