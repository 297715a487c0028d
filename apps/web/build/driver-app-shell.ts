import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The files the driver's screen needs to open without signal, read from the build's manifest
 * (dist/.vite/manifest.json): the entry and what it imports, the page's chunk and its imports, the
 * parts loaded lazily on it (the toast area; the Arabic strings and font, for a switch of language
 * on the road), with their stylesheets and fonts. The office's console and the parents' screens are
 * not among them: a driver's phone does not download them for the service worker.
 */
export function driverAppShell(outDir: string, sources: readonly string[]): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build: update vite.config.ts`);
    visit(source);
  }
  // Arabic: its strings' chunk (vite.config.ts's 'i18n-ar' group), the font's stylesheet and its woff2 files.
  for (const key of Object.keys(manifest))
    if (key.startsWith('_i18n-ar-') || key === 'src/i18n/arabic-font.ts' || /noto-sans-arabic.*\.woff2$/.test(key)) visit(key);
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return files;
}
