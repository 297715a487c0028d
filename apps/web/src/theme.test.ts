import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.js';

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;

describe('the theme’s text colours reach WCAG AA (4.5:1)', () => {
  // A selected table row: the primary colour's light variant (Mantine 9: its shade 1).
  const selectedRow = resolved.colors[resolved.primaryColor]![1]!;

  it('dimmed text and placeholders, on white, on the grey page background and in a selected table row', () => {
    for (const background of ['#ffffff', '#f8f9fa', resolved.colors.gray[1], selectedRow]) {
      expect(contrast(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light['--mantine-color-placeholder']!, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white on the primary colour (filled buttons) and the primary colour as link text', () => {
    const primary = resolved.colors[resolved.primaryColor]![8]!;
    expect(resolved.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour as text, and as the text of its light variant on its tinted background', () => {
    for (const [name, shades] of Object.entries(resolved.colors)) {
      const text = light[`--mantine-color-${name}-text`]!;
      const lightColor = light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(text, '#ffffff'), `${name} text`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, '#f8f9fa'), `${name} text on gray-0`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, selectedRow), `${name} text in a selected row`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightColor, shades[1]!), `${name} light variant`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightColor, shades[2]!), `${name} light variant, hovered`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
