import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);

/**
 * Noto Sans Arabic (the web app's Arabic font) as plain TrueType files, which pdfkit reads as they
 * are; they come from @expo-google-fonts/noto-sans-arabic. Latin letters, digits and punctuation
 * stay in pdfkit's Helvetica (bidi-text.ts decides which font draws what).
 */
const FILES = { regular: '400Regular/NotoSansArabic_400Regular.ttf', bold: '700Bold/NotoSansArabic_700Bold.ttf' } as const;

/**
 * The built server carries the fonts beside it (scripts/build.mjs copies them to dist/fonts), so
 * the bundle renders Arabic receipts on its own; run from the sources, the package's files are read.
 */
function fontPath(file: string): string {
  const bundled = fileURLToPath(new URL(`fonts/${file.slice(file.lastIndexOf('/') + 1)}`, import.meta.url));
  return existsSync(bundled) ? bundled : require.resolve(`@expo-google-fonts/noto-sans-arabic/${file}`);
}

/**
 * Each font is opened once per process and handed to every document (pdfkit takes a fontkit font
 * as well as a file): fontkit caches the shaping tables it has read, which makes the next receipt
 * several times faster. pdfkit still embeds only the glyphs each document uses.
 */
let arabicFonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
function openArabicFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(fontPath(file)));
  if (!('layout' in font)) throw new Error('Noto Sans Arabic is a single font, not a collection');
  return font;
}

/** Makes 'Arabic' and 'Arabic-Bold' available to the document's font() calls. */
export function registerArabicFonts(doc: Doc): void {
  arabicFonts ??= { regular: openArabicFont(FILES.regular), bold: openArabicFont(FILES.bold) };
  // The typings list files only; pdfkit's font factory also accepts an opened fontkit font.
  doc.registerFont('Arabic', arabicFonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Arabic-Bold', arabicFonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
}
