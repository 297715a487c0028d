import bidiFactory from 'bidi-js';

type Doc = PDFKit.PDFDocument;

const bidi = bidiFactory();

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06D5\u06EE-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/;
/** Marks that only steer direction; the layout below has already applied them. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE_ALL = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text typed by someone (a company or parent name, a reference, a phone number) as an isolate
 * (U+2068 ... U+2069): the bidi algorithm lays it out in its own direction and treats it as one
 * neutral block in the sentence around it. Without it, 'Demo Student Transport W.L.L.' on an
 * Arabic receipt loses its final full stop to the right-to-left paragraph, which draws it first.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** The text without the marks that only steer direction, for a font that has no glyph for them. */
export const withoutMarks = (text: string) => text.replace(INVISIBLE_ALL, '');

/** The paragraph's direction: right to left for an Arabic reader, left to right for an English one. */
export type Direction = 'rtl' | 'ltr';

/** Whether a text needs the Arabic font, whatever the reader's language (an Arabic name on an English receipt). */
export const hasArabic = (text: string) => ARABIC.test(text);

export interface BidiStyle {
  size: number;
  bold?: boolean;
}

/** A piece of one line drawn with one font in one direction, in visual order (left to right). */
export interface Chunk {
  text: string;
  arabicFont: boolean;
}

/**
 * Which font draws each character (one entry per UTF-16 unit, as bidi-js counts): Arabic letters in
 * Noto Sans Arabic, the rest in Helvetica. A space between two Arabic characters is Arabic too, so
 * an Arabic phrase stays one shaped run.
 */
function fontsOf(text: string): boolean[] {
  const units = [...text].flatMap((char) => Array.from({ length: char.length }, () => ARABIC.test(char)));
  return units.map((arabic, index) => {
    if (text[index] !== ' ') return arabic;
    const before = text.slice(0, index).trimEnd().at(-1) ?? '';
    const after = text.slice(index).trimStart().at(0) ?? '';
    return ARABIC.test(before) && ARABIC.test(after);
  });
}

/**
 * A paragraph with its embedding levels. The bidi algorithm resolves levels over the whole
 * paragraph (an isolate opened on one line closes on the next) and reorders each line on its own.
 */
interface Paragraph {
  text: string;
  levels: ReturnType<typeof bidi.getEmbeddingLevels>;
  arabicFont: boolean[];
}

function paragraphOf(text: string, direction: Direction): Paragraph {
  return { text, levels: bidi.getEmbeddingLevels(text, direction), arabicFont: fontsOf(text) };
}

/**
 * The characters start..end of a paragraph (one line) cut into chunks in visual order: the
 * Unicode bidi algorithm orders the characters (pdfkit has none), and consecutive characters that
 * keep their logical order, direction and font form a chunk. Arabic chunks are passed in logical
 * order, because fontkit shapes the joined letter forms from it and reverses the glyphs itself;
 * other right-to-left chunks (punctuation between Arabic words) are reversed here, with brackets
 * mirrored.
 */
function chunksOfLine(paragraph: Paragraph, start: number, end: number): Chunk[] {
  const { text, levels, arabicFont } = paragraph;
  if (end <= start) return [];
  const order = bidi.getReorderedIndices(text, levels, start, end - 1).slice(start, end);
  const groups: { indices: number[]; rtl: boolean; arabicFont: boolean }[] = [];
  for (const index of order) {
    if (INVISIBLE.test(text[index] ?? '')) continue;
    const rtl = (levels.levels[index] ?? 0) % 2 === 1;
    const font = arabicFont[index] ?? false;
    const last = groups.at(-1);
    const previous = last?.indices.at(-1);
    if (last && previous !== undefined && last.rtl === rtl && last.arabicFont === font && index === previous + (rtl ? -1 : 1)) last.indices.push(index);
    else groups.push({ indices: [index], rtl, arabicFont: font });
  }
  return groups.map(({ indices, rtl, arabicFont: font }) => {
    const logical = [...indices].sort((a, b) => a - b).map((i) => text[i] ?? '');
    if (!rtl) return { text: logical.join(''), arabicFont: font };
    if (font && logical.some((char) => ARABIC_LETTER.test(char))) return { text: logical.join(''), arabicFont: font };
    return {
      text: logical
        .reverse()
        .map((char) => bidi.getMirroredCharacter(char) ?? char)
        .join(''),
      arabicFont: font,
    };
  });
}

/** One line of text, a paragraph of its own, cut into chunks in visual order (left to right). */
export function chunksOf(line: string, direction: Direction): Chunk[] {
  return chunksOfLine(paragraphOf(line, direction), 0, line.length);
}

function useFont(doc: Doc, arabicFont: boolean, style: BidiStyle): Doc {
  const name = arabicFont ? (style.bold ? 'Arabic-Bold' : 'Arabic') : style.bold ? 'Helvetica-Bold' : 'Helvetica';
  return doc.font(name).fontSize(style.size);
}

/**
 * Options that make pdfkit shape a chunk as one run. Without features pdfkit lays out each word on
 * its own and puts them side by side left to right, which reverses the words of an Arabic phrase.
 */
const AS_ONE_RUN = { features: [] };

const widthOf = (doc: Doc, chunk: Chunk, style: BidiStyle) => useFont(doc, chunk.arabicFont, style).widthOfString(chunk.text, AS_ONE_RUN);

const widthOfRange = (doc: Doc, paragraph: Paragraph, start: number, end: number, style: BidiStyle) =>
  chunksOfLine(paragraph, start, end).reduce((sum, chunk) => sum + widthOf(doc, chunk, style), 0);

/**
 * Where the baseline sits below a line's top, and the line's height. Arabic letters reach further
 * above and below than Latin ones, so an Arabic receipt spaces its lines more. On an English one,
 * the baseline is Helvetica's (its ascender, 0.718 em), so an Arabic name lines up with its row.
 */
const METRICS: Record<Direction, { baseline: number; lineHeight: number }> = {
  rtl: { baseline: 1.05, lineHeight: 1.6 },
  ltr: { baseline: 0.718, lineHeight: 1.45 },
};

/**
 * The lines of a paragraph that fit the width, as ranges [start, end) of its text, broken at
 * spaces (a word longer than the width keeps its line). Shaping is slow, so a paragraph that fits
 * is measured once, and a longer one word by word (Arabic letters do not join across a space, so
 * the words' widths add up).
 */
function wrap(doc: Doc, paragraph: Paragraph, width: number, style: BidiStyle): [number, number][] {
  const { text } = paragraph;
  if (widthOfRange(doc, paragraph, 0, text.length, style) <= width) return [[0, text.length]];
  const space = useFont(doc, false, style).widthOfString(' ');
  const lines: [number, number][] = [];
  let line: [number, number] | null = null;
  let lineWidth = 0;
  let offset = 0;
  for (const word of text.split(' ')) {
    const start = offset;
    const end = start + word.length;
    offset = end + 1;
    const wordWidth = widthOfRange(doc, paragraph, start, end, style);
    if (line && lineWidth + space + wordWidth > width) {
      lines.push(line);
      line = [start, end];
      lineWidth = wordWidth;
    } else {
      lineWidth += (line ? space : 0) + wordWidth;
      line = [line ? line[0] : start, end];
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface BidiBox {
  x: number;
  y: number;
  width: number;
  /** Where the lines sit in the box ('right' is where a right-to-left line starts). */
  align: 'right' | 'left' | 'center';
}

/**
 * Writes text that holds Arabic (possibly with Latin names and numbers in it) into a box, as a
 * paragraph of the given direction, wrapping at spaces, and moves the document's cursor below it
 * as doc.text does.
 */
export function writeBidi(doc: Doc, text: string, box: BidiBox, style: BidiStyle, direction: Direction): void {
  const lineHeight = style.size * METRICS[direction].lineHeight;
  let top = box.y;
  for (const paragraph of text.split('\n').map((line) => paragraphOf(line, direction))) {
    for (const [start, end] of wrap(doc, paragraph, box.width, style)) {
      const chunks = chunksOfLine(paragraph, start, end).map((chunk) => ({ ...chunk, width: widthOf(doc, chunk, style) }));
      const width = chunks.reduce((sum, chunk) => sum + chunk.width, 0);
      let x = box.align === 'right' ? box.x + box.width - width : box.align === 'center' ? box.x + (box.width - width) / 2 : box.x;
      // Every chunk on the same baseline, whichever font draws it.
      const baseline = top + style.size * METRICS[direction].baseline;
      for (const chunk of chunks) {
        useFont(doc, chunk.arabicFont, style).text(chunk.text, x, baseline, { ...AS_ONE_RUN, lineBreak: false, baseline: 'alphabetic' });
        x += chunk.width;
      }
      top += lineHeight;
    }
  }
  doc.x = box.x;
  doc.y = top;
}
