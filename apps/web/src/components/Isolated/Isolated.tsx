import { Fragment, type ReactNode } from 'react';

/**
 * Values written side by side on one line (a name and a date, an ID and a school), each in its own
 * isolate (<bdi>) between separators. Inside an Arabic line a Latin name takes the digits after it
 * into its own left-to-right run ('27 · Ahmed Demo نوفمبر 2026' for 'Ahmed Demo · 27 نوفمبر 2026');
 * isolated, each value keeps its own direction and the line reads in the order written. Empty values
 * are left out with their separator.
 */
export function IsolatedLine({ parts, separator = ' · ' }: { parts: readonly ReactNode[]; separator?: string }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return (
    <>
      {shown.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && separator}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
