/** The moot-case mark on a card: a graduation cap, announced as 'Moot case'. */
export function MootIcon() {
  return (
    <svg className="moot-icon" role="img" aria-label="Moot case" viewBox="0 0 24 24" width="22" height="22">
      <title>Moot case</title>
      <path
        fill="currentColor"
        d="M12 3 1 9l11 6 9-4.9V17h2V9L12 3zm-6.8 9.8V16c0 1.7 3 3.5 6.8 3.5s6.8-1.8 6.8-3.5v-3.2L12 16.5l-6.8-3.7z"
      />
    </svg>
  );
}
