import { useState } from 'react';
import './reminders.css';

/** 20 → "8 pm", 0 → "12 am". */
export const hourLabel = (h: number): string => `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;

const DISMISSED = 'reminders.prompt-dismissed';

const initiallyShown = (): boolean => {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return false;
  try {
    return !localStorage.getItem(DISMISSED);
  } catch {
    return true;
  }
};

/**
 * Asks for notifications when they are useful (there are hearings tomorrow), never at first load: a browser
 * refuses for good a site that asks out of the blue. Hidden once answered or dismissed.
 */
export function ReminderPrompt({ hour }: { hour: number }) {
  const [shown, setShown] = useState(initiallyShown);
  if (!shown) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, '1');
    } catch {
      // Without storage it comes back next time: harmless.
    }
    setShown(false);
  };
  return (
    <aside className="reminder-prompt" aria-label="Hearing reminders">
      <p>Remind me of tomorrow&apos;s hearings at {hourLabel(hour)}?</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void Notification.requestPermission().finally(() => setShown(false))}
      >
        Turn on reminders
      </button>
      <button type="button" className="btn" onClick={dismiss}>
        Not now
      </button>
    </aside>
  );
}
