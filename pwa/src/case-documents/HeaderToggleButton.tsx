/** The viewers' "Hide Header" / "Show Header" button (part 1 §2), for useSiteHeaderToggle's state. */
export function HeaderToggleButton({
  shown,
  onChange,
}: {
  shown: boolean;
  onChange: (shown: boolean) => void;
}) {
  return (
    <button type="button" className="btn" aria-pressed={shown} onClick={() => onChange(!shown)}>
      {shown ? 'Hide Header' : 'Show Header'}
    </button>
  );
}
