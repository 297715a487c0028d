import { useEffect, useRef, useState } from 'react';

/**
 * Gives focus back to the control that opened a dialog, when the dialog closes or unmounts.
 *
 * Mantine's Modal returns focus only when `opened` changes while it is mounted; a dialog that
 * mounts already open (the app's usual `{item && <SomeModal opened />}`, or a lazily loaded one)
 * never learns its opener, and focus falls to the page's start. Call this in such a dialog with
 * its `opened`: the focused element at its first render (the button just pressed) gets focus back.
 * A dialog opened from a list can pass the pressed button itself (`knownOpener`, from the click
 * event), which does not depend on the browser having moved focus to it.
 */
/**
 * The opener, or the control that replaced it: a list rendered again while the dialog was open (fresh
 * data, a new layout) has a new button for the same row, with the same accessible name.
 */
function stillOnPage(opener: HTMLElement): HTMLElement | null {
  if (opener.isConnected) return opener;
  const name = opener.getAttribute('aria-label');
  if (!name) return null;
  return Array.from(document.querySelectorAll<HTMLElement>(opener.tagName)).find((control) => control.getAttribute('aria-label') === name) ?? null;
}

export function useReturnFocusToOpener(opened: boolean, knownOpener?: HTMLElement | null): void {
  // The opener the caller knows (the button its click handler ran for) or else, read at the first
  // render before the dialog's focus trap moves focus inside it, the focused element; never the
  // page itself, which is where focus is when a click did not move it.
  const [opener] = useState(() => {
    if (!opened || typeof document === 'undefined') return null;
    const candidate = knownOpener ?? document.activeElement;
    return candidate instanceof HTMLElement && candidate !== document.body ? candidate : null;
  });
  const pending = useRef(opener !== null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    // A remount (React's development double run) cancels the return scheduled by the cleanup.
    window.clearTimeout(timer.current);
    const giveBack = () => {
      if (!pending.current) return;
      pending.current = false;
      const target = opener ? stillOnPage(opener) : null;
      if (!target) return;
      target.focus({ preventScroll: true });
      // The closing dialog's own focus handling may still run after this (its timers, on a busy
      // phone) and drop focus to the page's start: if nothing else took it, it goes back once more.
      window.setTimeout(() => {
        const again = stillOnPage(target);
        if (again && (document.activeElement === document.body || document.activeElement === null)) again.focus({ preventScroll: true });
      }, 100);
    };
    if (!opened) {
      timer.current = window.setTimeout(giveBack, 10);
      return () => window.clearTimeout(timer.current);
    }
    // Unmounted while open: after Mantine's own focus handling (which waits 10 ms too).
    return () => {
      timer.current = window.setTimeout(giveBack, 10);
    };
  }, [opened, opener]);
}
