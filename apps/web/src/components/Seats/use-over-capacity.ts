import { useState } from 'react';
import type { OverCapacityChoice } from '@school-transport/contracts';
import { seatRefusalOf, type SeatRefusal } from './seat-refusal.js';

export interface OverCapacityState {
  /** The last refusal of a full bus, until the office changes course. */
  refusal: SeatRefusal | null;
  allowed: boolean;
  reason: string;
  setAllowed: (allowed: boolean) => void;
  setReason: (reason: string) => void;
  /** After a refused save: remembers a full bus's refusal (any other error clears it). */
  refusedWith: (error: unknown) => void;
  /** What the next save sends: the tick box and its reason, once shown and ticked. */
  choice: () => { allowOverCapacity?: OverCapacityChoice };
}

/**
 * 'Allow over capacity' appears under a form only after the server refused a full bus, so the
 * office sees it when it matters and not on every save; the server checks who may tick it.
 * `refusedAlready`: the refusal that opened a dialog, shown from the start.
 */
export function useOverCapacity(refusedAlready?: unknown): OverCapacityState {
  const [refusal, setRefusal] = useState<SeatRefusal | null>(() => seatRefusalOf(refusedAlready));
  const [allowed, setAllowed] = useState(false);
  const [reason, setReason] = useState('');
  return {
    refusal,
    allowed,
    reason,
    setAllowed,
    setReason,
    refusedWith: (error) => setRefusal(seatRefusalOf(error)),
    choice: () => (refusal && allowed ? { allowOverCapacity: { reason } } : {}),
  };
}
