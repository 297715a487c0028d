/**
 * The `scrollAreaProps` that make a mantine-datatable's scrolling box what TableScrollRegion makes
 * of a Mantine table's: a named region the keyboard can reach (Tab, then the arrow keys scroll it),
 * so a wide table scrolls sideways inside it on a phone, not the page.
 */
export function tableRegionProps(label: string) {
  return { viewportProps: { role: 'region', 'aria-label': label, tabIndex: 0 } };
}
