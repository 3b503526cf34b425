import { describe, expect, it } from 'vitest';
import { acceptNik, findNikLine, nikDigitWords, nikFromLine, readNama, readTanggalLahir, type OcrLine } from './ktp-ocr-fields.js';

const TODAY = new Date('2026-11-27T03:00:00Z');

/** A line as tesseract gives it: words left to right, 40 px high, 10 px apart unless `gapBefore` says more. */
function line(...words: (string | { text: string; confidence?: number; gapBefore?: number })[]): OcrLine {
  let x = 30;
  const built = words.map((word) => {
    const { text, confidence = 90, gapBefore = 10 } = typeof word === 'string' ? { text: word } : word;
    x += gapBefore;
    const bbox = { x0: x, y0: 100, x1: x + text.length * 20, y1: 140 };
    x = bbox.x1;
    return { text, confidence, bbox };
  });
  return { text: `${built.map((word) => word.text).join(' ')}\n`, words: built, bbox: { x0: 30, y0: 100, x1: x, y1: 140 } };
}

describe('acceptNik', () => {
  it('takes 16 digits of a possible NIK, spaces between groups and a leading colon dropped', () => {
    expect(acceptNik('3273015708910004', TODAY)).toBe('3273015708910004');
    expect(acceptNik(': 3273 0157 0891 0004\n', TODAY)).toBe('3273015708910004');
  });

  it('refuses a wrong length, a letter, and structures no card has', () => {
    expect(acceptNik('327301570891000', TODAY)).toBeNull();
    expect(acceptNik('32730157089100041', TODAY)).toBeNull();
    expect(acceptNik('32730157O8910004', TODAY)).toBeNull();
    expect(acceptNik('9973015708910004', TODAY)).toBeNull(); // province 99
    expect(acceptNik('3273013208910004', TODAY)).toBeNull(); // 32 August
    expect(acceptNik('3273017213910004', TODAY)).toBeNull(); // month 13
    expect(acceptNik('3273011512260004', TODAY)).toBeNull(); // 15 December 2026: after today
  });

  it('keeps the NIK of someone under 17: a married minor holds a KTP', () => {
    expect(acceptNik('3273011501150004', TODAY)).toBe('3273011501150004');
  });
});

describe('the NIK line', () => {
  it('is the line labelled NIK, even with the I read as a 1', () => {
    const lines = [line('PROVINSI', 'JAWA', 'BARAT'), line('N1K', ':', '3273015708910004'), line('Nama', ':', 'SITI')];
    expect(findNikLine(lines)?.words[0]?.text).toBe('N1K');
    expect(nikFromLine(findNikLine(lines)!, TODAY)).toBe('3273015708910004');
  });

  it('is else the line holding 16 digits', () => {
    const lines = [line('PROVINSI', 'BALI'), line('MK', '3273015708910004')];
    expect(nikFromLine(findNikLine(lines)!, TODAY)).toBe('3273015708910004');
  });

  it('boxes the number without a colon stuck to it, so that the digits-only reading cannot take it for a 1', () => {
    const nikLine = line('NIK', ':3273015708910004');
    const [number] = nikDigitWords(nikLine);
    expect(number?.text).toBe('3273015708910004');
    expect(number?.bbox.x0).toBe(nikLine.words[1]!.bbox.x0 + 20);
  });

  it('leaves out a mark far right of the number: the edge of the card or of the photo read as a 1', () => {
    const nikLine = line('NIK', ':', '3273015708910004', { text: '1', gapBefore: 300 });
    expect(nikDigitWords(nikLine).map((word) => word.text)).toEqual(['3273015708910004']);
    expect(nikFromLine(nikLine, TODAY)).toBe('3273015708910004');
    // Groups a space apart are one number.
    expect(nikFromLine(line('NIK', ':', '3273', '0157', '0891', '0004'), TODAY)).toBe('3273015708910004');
  });

  it('gives no NIK when the colon was read as a digit stuck to it', () => {
    expect(nikFromLine(line('NIK', '13273015708910004'), TODAY)).toBeNull();
  });
});

describe('readNama', () => {
  it('takes the capitals after the colon', () => {
    expect(readNama([line('Nama', ':', 'SITI', 'AMINAH')])).toBe('SITI AMINAH');
    expect(readNama([line('Nama', ':SITI', 'AMINAH')])).toBe('SITI AMINAH');
  });

  it('passes over a colon misread as another sign', () => {
    expect(readNama([line('Nama', { text: '+', confidence: 11 }, 'SITI', 'AMINAH')])).toBe('SITI AMINAH');
  });

  it('reads a lower-case l in a name in capitals as the I it is', () => {
    expect(readNama([line('Nama', ':', 'AYU', 'AJl', 'HALIM')])).toBe('AYU AJI HALIM');
  });

  it('stops at a wide gap: what lies far right is not the name', () => {
    expect(readNama([line('Nama', ':', 'PUTRI', 'WIJAYA', { text: 'AH', gapBefore: 200 })])).toBe('PUTRI WIJAYA');
  });

  it('gives no name for an unsure word, a digit or a lower-case letter', () => {
    expect(readNama([line('Nama', ':', 'SITI', { text: 'AMINAH', confidence: 40 })])).toBeNull();
    expect(readNama([line('Nama', ':', 'S1TI', 'AMINAH')])).toBeNull();
    expect(readNama([line('Nama', ':', 'SITi', 'AMINAH')])).toBeNull();
    expect(readNama([line('NIK', ':', '3273015708910004')])).toBeNull();
  });
});

describe('readTanggalLahir', () => {
  it('takes the date after the place of birth', () => {
    expect(readTanggalLahir([line('Tempat/Tgl', 'Lahir', ':', 'BANDUNG,', '17-08-1991')], TODAY)).toBe('1991-08-17');
    expect(readTanggalLahir([line('Tempat/Tg!', 'Lahir', ':', 'BANDUNG,', '17.08.1991')], TODAY)).toBe('1991-08-17');
  });

  it('gives no date for an impossible, a future or a partial one', () => {
    expect(readTanggalLahir([line('Tempat/Tgl', 'Lahir', ':', 'BANDUNG,', '31-02-1991')], TODAY)).toBeNull();
    expect(readTanggalLahir([line('Tempat/Tgl', 'Lahir', ':', 'BANDUNG,', '17-08-2031')], TODAY)).toBeNull();
    expect(readTanggalLahir([line('Tempat/Tgl', 'Lahir', ':', 'BANDUNG,', '17-08-199')], TODAY)).toBeNull();
  });
});
