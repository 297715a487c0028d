import type { EtaRange } from './live-bus.js';

/**
 * What a family is told of an ETA range. A range is shown while it is narrow enough to act on: its
 * width at most half its middle ('12–16 min'). A wider one ('52–140 min') says less than it seems,
 * so an honest coarse figure stands in: about so many minutes (to the nearest 5 from 10 minutes,
 * to the minute below), about an hour, 1½ or 2 hours, or only 'more than an hour' when even the
 * range's low end is an hour or more away, or its middle beyond 2 hours. As the bus comes nearer
 * and its own speed is learned, the range narrows and turns back into minutes.
 */
export type EtaFigure =
  | { kind: 'range'; minMinutes: number; maxMinutes: number }
  | { kind: 'aboutMinutes'; minutes: number }
  | { kind: 'aboutHours'; hours: 1 | 1.5 | 2 }
  | { kind: 'overAnHour' };

export function etaFigure({ minMinutes, maxMinutes }: EtaRange): EtaFigure {
  const middle = (minMinutes + maxMinutes) / 2;
  if (maxMinutes - minMinutes <= middle / 2) return { kind: 'range', minMinutes, maxMinutes };
  if (minMinutes >= 60 || middle > 135) return { kind: 'overAnHour' };
  const minutes = middle < 10 ? Math.max(1, Math.round(middle)) : Math.round(middle / 5) * 5;
  if (minutes < 60) return { kind: 'aboutMinutes', minutes };
  const halfHours = Math.min(4, Math.max(2, Math.round(middle / 30)));
  return { kind: 'aboutHours', hours: (halfHours / 2) as 1 | 1.5 | 2 };
}
