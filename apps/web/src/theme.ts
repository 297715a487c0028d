import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

/**
 * The app's Mantine theme. Colours are chosen for WCAG 2.2 AA (4.5:1 for text), which Mantine's
 * defaults miss in several places: the primary shade is 8 rather than 6 (white on blue-6 is 3.6:1,
 * on blue-8 5.0:1; links take the same shade), and `autoContrast` gives a filled button or badge
 * black or white text, whichever reads on its colour (Mantine's threshold, 0.179, leaves at least
 * 4.5:1 either way). The variables below fix the rest. A phone set to reduce motion gets dialogs,
 * menus and drawers without their sliding and fading (WCAG 2.3.3).
 */
export const theme = createTheme({
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", sans-serif',
});

const AA_TEXT = 4.5;
/** Secondary ("dimmed") text and placeholders: Mantine's gray-6 is 3.3:1 on white; this is 6.1:1 (5.5:1 on gray-1). */
const DIMMED = '#5c636a';
/** The lightest page and card backgrounds text sits on (white, gray-0). */
const PAGE_BACKGROUNDS = ['#ffffff', '#f8f9fa'];

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened in small steps until it reads at 4.5:1 on every one of `backgrounds`. */
function readableOn(color: string, backgrounds: string[]): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= AA_TEXT)) return candidate;
  }
  return '#000000';
}

/**
 * Text colours of the light scheme that reach 4.5:1: dimmed text and placeholders; error
 * messages (red-6 is 3.3:1, red-9 5.5:1); coloured text (`c="red"`, `c="green"`), from the primary
 * shade darkened as far as needed; and the text of the `light` variant (badges, alerts, light
 * buttons) on its tinted background, hovered too (green-9 on green-2 is 3.8:1, yellow's 2.7:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  // Mantine asks again on every render of its provider; the answer depends on the theme alone.
  let variables = variablesOf.get(resolved);
  if (!variables) variablesOf.set(resolved, (variables = readableVariables(resolved)));
  return variables;
};
const variablesOf = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

function readableVariables(resolved: MantineTheme): ReturnType<CSSVariablesResolver> {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  const shade = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
  // Coloured text sits on the page, on cards, and in selected table rows (the 'Unassigned' driver in
  // orange): mantine-datatable tints those with the primary colour's light variant, its shade 1.
  const textBackgrounds = [...PAGE_BACKGROUNDS, resolved.colors[resolved.primaryColor]![1]!];
  for (const [name, shades] of Object.entries(resolved.colors)) {
    light[`--mantine-color-${name}-text`] = readableOn(shades[shade]!, textBackgrounds);
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [shades[1]!, shades[2]!]);
  }
  return { variables: {}, light, dark: {} };
}
