import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A wide table that scrolls sideways inside its own box rather than the page, as a labelled
 * region the keyboard can reach (Tab, then the arrow keys scroll it): WCAG 2.1.1, axe's
 * scrollable-region-focusable. `label` names what the table holds.
 */
export function TableScrollRegion({ label, scrollAreaProps, ...props }: TableScrollContainerProps & { label: string }) {
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{ ...scrollAreaProps, viewportProps: { ...scrollAreaProps?.viewportProps, tabIndex: 0, role: 'region', 'aria-label': label } }}
    />
  );
}
