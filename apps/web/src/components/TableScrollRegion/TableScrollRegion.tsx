import { Table, type TableScrollContainerProps } from '@mantine/core';
import './TableScrollRegion.css';

/**
 * A wide table that scrolls sideways inside its own box rather than the page, as a labelled
 * region the keyboard can reach (Tab, then the arrow keys scroll it): WCAG 2.1.1, axe's
 * scrollable-region-focusable. `label` names what the table holds. With `pinLastColumn` the last
 * column (the row's actions) stays in view while the rest scrolls.
 */
export function TableScrollRegion({
  label,
  scrollAreaProps,
  pinLastColumn,
  className,
  ...props
}: TableScrollContainerProps & { label: string; pinLastColumn?: boolean }) {
  return (
    <Table.ScrollContainer
      {...props}
      className={[className, pinLastColumn ? 'table-pin-last' : undefined].filter(Boolean).join(' ') || undefined}
      scrollAreaProps={{ ...scrollAreaProps, viewportProps: { ...scrollAreaProps?.viewportProps, tabIndex: 0, role: 'region', 'aria-label': label } }}
    />
  );
}
