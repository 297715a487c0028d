/**
 * A button whose label wraps onto further lines inside a taller button rather than being cut: a
 * long name, 'No adult at home – returned to school', longer still in Arabic. `minHeight` is the
 * button's touch size (44 px at least, the accessibility gate's; 50 on the crew's phone screen).
 */
export function wrappingLabel(minHeight: 44 | 50) {
  return {
    root: { height: 'auto', minHeight, minWidth: 0, paddingBlock: minHeight === 50 ? 8 : 6 },
    inner: { height: 'auto' },
    label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', textAlign: 'center', lineHeight: 1.3 },
  } as const;
}
