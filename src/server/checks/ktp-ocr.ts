import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, PSM, type Page, type Worker } from 'tesseract.js';
import { decodeNik } from '../../domain/nik-structure.js';
import { acceptNik, findNikLine, nikDigitWords, nikFromLine, readNama, readTanggalLahir, type OcrLine } from './ktp-ocr-fields.js';
import { prepareKtpImage, type PreparedKtpImage } from './ktp-ocr-image.js';

/**
 * Reads the NIK, name and birth date off a photo of a KTP with tesseract.js, offline: the trained data
 * comes from the @tesseract.js-data packages, nothing is downloaded at run time. A field that cannot be
 * read with confidence is null: a wrong NIK reported as read would pass for a mismatch the applicant
 * made, so null ("tidak terbaca") is preferred over a guess. Figures per photo condition: docs/performance.md.
 */
export interface KtpRead {
  nik: string | null;
  nama: string | null;
  /** YYYY-MM-DD. */
  tanggal_lahir: string | null;
}

export interface KtpReader {
  /** One photo at a time: reads on the same reader wait for each other (one tesseract worker). */
  read(image: Buffer): Promise<KtpRead>;
  close(): Promise<void>;
}

export interface KtpReaderOptions {
  /** Trained data: 'eng' (default: faster and at least as accurate on the card's Latin print, bench/ktp-ocr.ts) or 'ind'. */
  language?: 'eng' | 'ind';
  /** "Today" for the NIK's birth-date checks; tests fix it. */
  now?: () => Date;
}

/**
 * A card's print covers 6-10 % of it in every condition measured (ktp-ocr-image.ts); below 1 % nothing is
 * printed, above 18 % the photo is texture or noise, where tesseract spends 10 s and more finding nothing.
 */
const MIN_INK_SHARE = 0.01;
const MAX_INK_SHARE = 0.18;

const NOTHING_READ: KtpRead = { nik: null, nama: null, tanggal_lahir: null };

const require = createRequire(import.meta.url);

/** Where each language's package is: spelt out, so that the lint's dependency check sees both used. */
const TRAINED_DATA_PACKAGES = {
  eng: () => require.resolve('@tesseract.js-data/eng'),
  ind: () => require.resolve('@tesseract.js-data/ind'),
} as const;

/** The 4.0.0_best_int trained data of the language's npm package (smaller and faster than 4.0.0). */
function trainedDataDir(language: keyof typeof TRAINED_DATA_PACKAGES): string {
  return path.join(path.dirname(TRAINED_DATA_PACKAGES[language]()), '4.0.0_best_int');
}

/**
 * The whole card is read as one block of text: the card is already cropped and levelled (ktp-ocr-image.ts).
 * No second reading of a line inverted (white on dark): a KTP has none.
 */
const PAGE_PARAMETERS = { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.SINGLE_BLOCK, tessedit_do_invert: '0' };

/**
 * The fields read are the card's 3rd to 5th lines of print (NIK, name, place and date of birth), 25-40 % of
 * the way down a KTP. Tesseract's time grows with the print it reads: the upper half of a card took 240-310 ms
 * of CPU against 470-580 for the whole (bench:ocr's cards), and the margin keeps a turned or sheared card's
 * fields inside.
 */
const UPPER_SHARE = 0.5;

function pageLines(page: Page): OcrLine[] {
  return (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
}

/**
 * Whether the NIK's own strip, read again with only digits allowed, says `expected` too: the page reading
 * and this one segment the line differently, so the same digit misread twice is far rarer than once. The
 * strip is read as one text line first; that mode now and then doubles a digit (a clean card's
 * 3171024107850002 came out with 17 digits), so a disagreement is read once more as a raw line.
 */
async function confirmNik(worker: Worker, image: Buffer, line: OcrLine, expected: string, today: Date): Promise<boolean> {
  const words = nikDigitWords(line);
  const x0 = Math.min(...words.map((word) => word.bbox.x0));
  const x1 = Math.max(...words.map((word) => word.bbox.x1));
  const pad = Math.round((line.bbox.y1 - line.bbox.y0) * 0.35);
  // Less room on the left, where the colon is: read with digits only, a colon comes out as a 1.
  const leftPad = Math.round(pad / 3);
  const rectangle = {
    left: Math.max(0, x0 - leftPad),
    top: Math.max(0, line.bbox.y0 - pad),
    width: x1 - x0 + leftPad + pad,
    height: line.bbox.y1 - line.bbox.y0 + 2 * pad,
  };
  try {
    for (const mode of [PSM.SINGLE_LINE, PSM.RAW_LINE]) {
      await worker.setParameters({ tessedit_char_whitelist: '0123456789', tessedit_pageseg_mode: mode });
      const strip = await worker.recognize(image, { rectangle });
      if (acceptNik(strip.data.text, today) === expected) return true;
    }
    return false;
  } finally {
    await worker.setParameters(PAGE_PARAMETERS);
  }
}

interface PageFields {
  /** The image the lines were read on: the NIK's strip is read again on it. */
  image: Buffer;
  nikLine: OcrLine | null;
  /** The NIK as the page reading saw it, before its strip is read again. */
  pageNik: string | null;
  nama: string | null;
  tanggalLahir: string | null;
}

async function readFields(worker: Worker, image: Buffer, today: Date): Promise<PageFields> {
  const lines = pageLines((await worker.recognize(image, {}, { blocks: true, text: false })).data);
  const nikLine = findNikLine(lines);
  return {
    image,
    nikLine,
    pageNik: nikLine ? nikFromLine(nikLine, today) : null,
    nama: readNama(lines),
    tanggalLahir: readTanggalLahir(lines, today),
  };
}

async function readCard(worker: Worker, photo: Buffer, today: Date): Promise<KtpRead> {
  let prepared: PreparedKtpImage;
  try {
    prepared = await prepareKtpImage(photo);
  } catch {
    return NOTHING_READ; // not an image sharp can decode: nothing to read
  }
  if (prepared.inkShare < MIN_INK_SHARE || prepared.inkShare > MAX_INK_SHARE) return NOTHING_READ;
  let fields = await readFields(worker, await prepared.png(UPPER_SHARE), today);
  // The whole card when its upper part gave no NIK: the card was not found in the photo, or lies lower in it.
  // Only the NIK decides the check (check-runner.ts); the name and birth date are taken from the upper part
  // when it read them, though an open edge of the portrait's frame, cut there, costs a few names (bench:ocr).
  if (!fields.pageNik) {
    const whole = await readFields(worker, await prepared.png(), today);
    fields = { ...whole, nama: whole.nama ?? fields.nama, tanggalLahir: whole.tanggalLahir ?? fields.tanggalLahir };
  }
  const { image, nikLine, pageNik, nama, tanggalLahir } = fields;
  const nik = nikLine && pageNik && (await confirmNik(worker, image, nikLine, pageNik, today)) ? pageNik : null;
  // The NIK carries the birth date: when both were read and disagree, one of them is wrong.
  if (nik && tanggalLahir && decodeNik(nik, today).birth_date !== tanggalLahir) {
    return { nik: null, nama, tanggal_lahir: null };
  }
  return { nik, nama, tanggal_lahir: tanggalLahir };
}

export async function createKtpReader(options: KtpReaderOptions = {}): Promise<KtpReader> {
  const language = options.language ?? 'eng';
  const now = options.now ?? (() => new Date());
  const worker = await createWorker(language, 1, {
    langPath: trainedDataDir(language),
    cacheMethod: 'none',
    gzip: true,
  });
  await worker.setParameters(PAGE_PARAMETERS);
  // One worker reads one photo at a time; its parameters change during a read (confirmNik).
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read(image) {
      const result = queue.then(() => readCard(worker, image, now()));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      await worker.terminate();
    },
  };
}
