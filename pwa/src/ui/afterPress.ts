/**
 * Runs a change of layout (a suggestion list closing) only once the press that caused it has landed.
 *
 * A control that loses the focus to a tap elsewhere loses it at the press's mousedown, before its click. If
 * its list closed there, everything below the list moved up between the press and the release, and the click
 * landed on whatever was then under the finger (issue "What a lawyer hits first", item 4: the first tap on
 * 'Add More' only closed the party suggestions). So a close caused by a press waits for that press's click
 * (the tapped control's own handler runs first); one caused by the keyboard (Tab) happens at once.
 */

/** A press under way: from its pointerdown until its click (a finger has lifted before its mousedown). */
let pressing = false;
/** A mouse button or pen held down now. */
let held = false;
let tracking = false;

function track(): void {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  const end = () => {
    pressing = false;
    held = false;
  };
  window.addEventListener(
    'pointerdown',
    () => {
      pressing = true;
      held = true;
    },
    true,
  );
  window.addEventListener('pointerup', () => (held = false), true);
  window.addEventListener('pointercancel', end, true);
  window.addEventListener('keydown', end, true);
  window.addEventListener('click', end, true);
}

/** Starts following presses (called by every control that uses afterPress, before its first blur). */
export const trackPresses = track;

/**
 * Runs `change` at once, or, while a press is under way, once its click has been handled (or the press ended
 * without one). Answers a function that drops a change still waiting (the control was unmounted, or entered
 * again).
 */
export function afterPress(change: () => void): () => void {
  track();
  if (!pressing) {
    change();
    return () => undefined;
  }
  let waiting = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    waiting = false;
    clearTimeout(timer);
    window.removeEventListener('click', soon, true);
    window.removeEventListener('pointerup', soon, true);
    window.removeEventListener('pointercancel', run, true);
    window.removeEventListener('keydown', run, true);
  };
  function run() {
    if (!waiting) return;
    stop();
    change();
  }
  // A task queued as the click starts runs once every handler of that click has run (even one that stopped
  // it there). A mouse released away from where it was pressed may make no click: its click, when there is
  // one, comes in the same task as the release, so a task queued at the release runs after it too.
  function soon() {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  }
  window.addEventListener('click', soon, true);
  // A finger has already lifted when its tap moves the focus; a mouse is still down.
  if (held) window.addEventListener('pointerup', soon, true);
  window.addEventListener('pointercancel', run, true);
  window.addEventListener('keydown', run, true);
  return stop;
}
