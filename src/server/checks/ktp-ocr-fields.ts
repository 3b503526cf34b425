import { decodeNik } from '../../domain/nik-structure.js';

/**
 * Reading the KTP's fields out of tesseract's lines. Every reader here answers null rather than guess:
 * the checks compare what it returns with what the applicant typed, and a misread shown as a mismatch
 * sends a reviewer after a problem that is not there.
 */

interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
}

export interface OcrLine {
  text: string;
  words: OcrWord[];
  bbox: OcrBox;
}

/** Words below this confidence make a name unreadable rather than misspelt. */
const NAME_MIN_CONFIDENCE = 60;

/**
 * The part of a "Label : value" line after the label: after the first colon, else after the label words
 * and whatever the colon was misread as (a lone "+", "*" or ";": no letter, no digit).
 */
function valueAfterLabel(line: OcrLine, labelWords: number): OcrWord[] {
  const colon = line.words.findIndex((word) => word.text.includes(':'));
  if (colon >= 0 && colon <= labelWords + 1) {
    const word = line.words[colon]!;
    const rest = word.text.slice(word.text.indexOf(':') + 1).trim();
    const after = line.words.slice(colon + 1);
    if (rest === '') return after;
    // The value's own box starts after the colon (its share of the word's width), so that a reading of the
    // value's strip (ktp-ocr.ts) does not take the colon for a digit.
    const { x0, x1 } = word.bbox;
    const start = Math.round(x0 + ((x1 - x0) * (word.text.length - rest.length)) / word.text.length);
    return [{ ...word, text: rest, bbox: { ...word.bbox, x0: start } }, ...after];
  }
  const after = line.words.slice(labelWords);
  const start = after.findIndex((word) => /[\p{L}\p{N}]/u.test(word.text));
  return start < 0 ? [] : after.slice(start);
}

/** Words further right than this many line heights from a value belong to something else (the photo, a smudge, the edge). */
const VALUE_GAP_LINE_HEIGHTS = 2;

/** The words of the value up to the first wide gap. */
function contiguous(words: OcrWord[], lineHeight: number): OcrWord[] {
  const end = words.findIndex(
    (word, index) => index > 0 && word.bbox.x0 - (words[index - 1]?.bbox.x1 ?? 0) > VALUE_GAP_LINE_HEIGHTS * lineHeight,
  );
  return end < 0 ? words : words.slice(0, end);
}

const NIK_LABEL = /^\s*N[I1l|!]K\b/;

/** The line of the NIK: labelled "NIK", or else the one holding a 16-digit number. */
export function findNikLine(lines: readonly OcrLine[]): OcrLine | null {
  return lines.find((line) => NIK_LABEL.test(line.text)) ?? lines.find((line) => /\d{16}/.test(line.text.replace(/\s+/g, ''))) ?? null;
}

/**
 * The words of the NIK line that hold the number (those with digits after the label), up to the first wide
 * gap: a mark far to the right (the card's edge, the photo's frame) is read as a "1" or a "q" now and then.
 */
export function nikDigitWords(line: OcrLine): OcrWord[] {
  const words = NIK_LABEL.test(line.text) ? valueAfterLabel(line, 1) : line.words;
  const digits = words.filter((word) => /\d/.test(word.text));
  return contiguous(digits, line.bbox.y1 - line.bbox.y0);
}

/**
 * A NIK as read, or null: exactly 16 digits once spaces between groups are dropped, nothing else, and a
 * structure a real card can have (a known province, a real birth date not in the future). A misread digit
 * often breaks the structure; one that does not is caught by the second reading (ktp-ocr.ts).
 */
export function acceptNik(text: string, today: Date): string | null {
  const digits = text.replace(/^[\s:;.]+/, '').replace(/\s+/g, '');
  if (!/^\d{16}$/.test(digits)) return null;
  const decoded = decodeNik(digits, today);
  const impossible = decoded.problems.some((problem) => problem !== 'under_17');
  return impossible ? null : digits;
}

/** The NIK as the page reading saw it on its line. */
export function nikFromLine(line: OcrLine, today: Date): string | null {
  return acceptNik(
    nikDigitWords(line)
      .map((word) => word.text)
      .join(''),
    today,
  );
}

/**
 * "Nama : SITI RAHAYU" → "SITI RAHAYU"; null when a word is unsure or holds what a name on a KTP cannot.
 * Names are printed in capitals, where a lower-case l can only be a capital I (the same stroke in the card's
 * sans-serif): that one is put right; any other lower-case letter or digit makes the name unread.
 */
export function readNama(lines: readonly OcrLine[]): string | null {
  const line = lines.find((candidate) => /^\s*Nama\b/i.test(candidate.text));
  if (!line) return null;
  const value = valueAfterLabel(line, 1).filter((word) => word.text.trim() !== '');
  const words = contiguous(value, line.bbox.y1 - line.bbox.y0);
  if (words.length === 0 || words.some((word) => word.confidence < NAME_MIN_CONFIDENCE)) return null;
  const name = words
    .map((word) => word.text.trim())
    .join(' ')
    .replace(/[l|]/g, 'I');
  return /^[A-Z][A-Z.,'\- ]*[A-Z.]$/.test(name) ? name : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "Tempat/Tgl Lahir : BANDUNG, 17-08-1985" → "1985-08-17"; null unless a real past date is read whole. */
export function readTanggalLahir(lines: readonly OcrLine[], today: Date): string | null {
  const line = lines.find((candidate) => /Lahir|Tgl/i.test(candidate.text));
  const match = line?.text.match(/(\d{2})\s?[-./]\s?(\d{2})\s?[-./]\s?(\d{4})\b/);
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  const iso = `${year}-${month}-${day}`;
  return Number(year) >= 1900 && iso <= today.toISOString().slice(0, 10) ? iso : null;
}
