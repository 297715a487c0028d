import { useCallback, useState } from 'react';

/**
 * The driver's choice 'The attendant marks today', kept on the phone for the day: with the
 * attendant marking, the driver's screen shows only the list and the position, so the driver need
 * not touch the phone while the bus moves. A new day starts with the driver's own buttons again.
 */
export function useAttendantMarks(userId: string, date: string | null): [boolean, (on: boolean) => void] {
  const key = date ? `attendant-marks:${userId}:${date}` : null;
  const [chosen, setChosen] = useState<{ key: string; on: boolean } | null>(null);
  const stored = key ? readChoice(key) : false;
  const on = chosen && chosen.key === key ? chosen.on : stored;
  const choose = useCallback(
    (next: boolean) => {
      if (!key) return;
      setChosen({ key, on: next });
      try {
        if (next) localStorage.setItem(key, '1');
        else localStorage.removeItem(key);
      } catch {
        // A phone refusing storage (private mode) keeps the choice for this visit only.
      }
    },
    [key],
  );
  return [on, choose];
}

function readChoice(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
