// saxen ships no types; the reference carries its declaration into every program that compiles this file (the browser tests' too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./saxen.d.ts" />
import { Unzip, UnzipInflate } from 'fflate';
import { Parser } from 'saxen';
import { STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { cellReference, checkedColumn, checkedRow, SheetBuilder } from './sheet-builder.js';
import { SheetRefused, type Sheet } from './sheet.js';

/**
 * The most a workbook's parts may inflate to. A 10,000-row sheet of the template is about 15 MB
 * of XML; beyond this cap a file is refused as a zip bomb before it can fill the server's memory.
 */
export const XLSX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** The workbook is fed to the unzipper in slices, so no single inflate step can outgrow the cap by much. */
const SLICE_BYTES = 16 * 1024;

const unreadable = () => new SheetRefused('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileUnreadable);
const tooLarge = () => new SheetRefused('PAYLOAD_TOO_LARGE', STUDENT_IMPORT_MESSAGES.fileTooLarge);

/** The workbook's parts the first sheet needs, inflated, counting every byte against the cap. */
function unzipParts(bytes: Uint8Array): Map<string, string> {
  const chunks = new Map<string, Uint8Array[]>();
  let inflated = 0;
  let failure: SheetRefused | undefined;
  const unzip = new Unzip((file) => {
    if (!/^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/.test(file.name)) return;
    if ((file.originalSize ?? 0) > XLSX_MAX_INFLATED_BYTES) {
      failure = tooLarge();
      return;
    }
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = unreadable();
        return;
      }
      inflated += chunk.byteLength;
      if (inflated > XLSX_MAX_INFLATED_BYTES) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      parts.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure; offset += SLICE_BYTES) {
      const end = Math.min(offset + SLICE_BYTES, bytes.byteLength);
      unzip.push(bytes.subarray(offset, end), end === bytes.byteLength);
    }
  } catch {
    throw unreadable();
  }
  if (failure) throw failure;
  const decoder = new TextDecoder('utf-8');
  return new Map([...chunks].map(([name, parts]) => [name, decoder.decode(Buffer.concat(parts))]));
}

/** Runs a SAX pass over one XML part; element names lose any namespace prefix. */
function scan(
  xml: string,
  handlers: { open?: (name: string, attributes: () => Record<string, string>) => void; close?: (name: string) => void; text?: (text: string) => void },
): void {
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const parser = new Parser();
  if (handlers.open) {
    const open = handlers.open;
    parser.on('openTag', (name, attributes, _decode, selfClosing) => {
      open(local(name), attributes);
      if (selfClosing) handlers.close?.(local(name));
    });
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closeTag', (name, _decode, selfClosing) => {
      if (!selfClosing) close(local(name));
    });
  }
  if (handlers.text) {
    const text = handlers.text;
    parser.on('text', (value, decode) => text(decode(value)));
    parser.on('cdata', (value) => text(value));
  }
  parser.on('error', () => {
    throw unreadable();
  });
  parser.parse(xml);
}

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheetPath(parts: Map<string, string>): string {
  let relationId: string | undefined;
  scan(parts.get('xl/workbook.xml') ?? '', {
    open: (name, attributes) => {
      if (name === 'sheet' && relationId === undefined) {
        const found = Object.entries(attributes()).find(([key]) => key === 'r:id' || key.endsWith(':id'));
        relationId = found?.[1];
      }
    },
  });
  let target: string | undefined;
  scan(parts.get('xl/_rels/workbook.xml.rels') ?? '', {
    open: (name, attributes) => {
      const values = attributes();
      if (name === 'Relationship' && values.Id === relationId) target = values.Target;
    },
  });
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The shared strings: each <si>'s text runs joined (phonetic guides left out). */
function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  scan(xml, {
    open: (name) => {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') strings.push((current ?? []).join(''));
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

/**
 * The first sheet of an .xlsx workbook, as text cells: shared and inline strings as written,
 * numbers as Excel stores them, a formula's last computed value (never the formula). A cell or
 * row past the last a spreadsheet can have refuses the file (SheetBuilder and cellReference).
 */
export function readXlsx(bytes: Uint8Array): Sheet {
  const parts = unzipParts(bytes);
  const strings = sharedStrings(parts.get('xl/sharedStrings.xml'));
  const sheetXml = parts.get(firstSheetPath(parts));
  if (sheetXml === undefined) throw unreadable();

  const builder = new SheetBuilder();
  let lastRow = 0;
  let row: { number: number; cells: Map<number, string>; next: number } | undefined;
  let cell: { column: number; type: string; text: string[] } | undefined;
  let reading: 'v' | 't' | undefined;
  scan(sheetXml, {
    open: (name, attributes) => {
      if (name === 'row') {
        const { r } = attributes();
        // A row without its number follows the one before it, as Excel reads it.
        row = { number: checkedRow(r === undefined ? lastRow + 1 : Number(r)), cells: new Map(), next: 0 };
      } else if (name === 'c' && row) {
        const values = attributes();
        cell = { column: values.r ? cellReference(values.r).column : checkedColumn(row.next), type: values.t ?? 'n', text: [] };
        row.next = cell.column + 1;
      } else if ((name === 'v' || name === 't') && cell) {
        reading = name;
      }
    },
    close: (name) => {
      if (name === 'v' || name === 't') reading = undefined;
      else if (name === 'c' && row && cell) {
        const raw = cell.text.join('');
        row.cells.set(cell.column, cell.type === 's' ? (strings[Number(raw)] ?? '') : cell.type === 'b' ? (raw === '1' ? 'TRUE' : 'FALSE') : raw);
        cell = undefined;
      } else if (name === 'row' && row) {
        builder.add(row.number, row.cells);
        lastRow = row.number;
        row = undefined;
      }
    },
    text: (text) => {
      if (reading && cell) cell.text.push(text);
    },
  });
  return builder.sheet();
}
