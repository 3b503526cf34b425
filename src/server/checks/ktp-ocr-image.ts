import sharp, { type CreateRaw, type OutputInfo, type Sharp } from 'sharp';

/**
 * Image preparation for the KTP reader: find the card in a photo, keep the channel where the print stands
 * out most, and bring the card to the size tesseract reads best.
 */

/** The card's width after preparation: text about 25-35 px high, tesseract's comfortable range. */
const CARD_WIDTH = 1200;
/** Width of the thumbnail the card is looked for on. */
const PROBE_WIDTH = 240;

/** In fractions of the photo's width, both ways. */
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the KTP's light blue lies in the photo, or null when no clear card-sized blue area stands out (a
 * scan already cropped to the card is mostly blue: it is kept whole then too). Rows and columns count when
 * a fifth of their pixels are blue, which ignores small blue things beside the card.
 */
async function findCard(image: Sharp): Promise<Box | null> {
  const { data, info } = await image.clone().resize(PROBE_WIDTH).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const rows = new Array<number>(height).fill(0);
  const columns = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * channels;
      const red = data[offset] ?? 0;
      const blue = data[offset + 2] ?? 0;
      if (blue > 110 && blue - red > 18) {
        rows[y] = (rows[y] ?? 0) + 1;
        columns[x] = (columns[x] ?? 0) + 1;
      }
    }
  }
  const span = (counts: number[], across: number) => {
    const first = counts.findIndex((count) => count > across * 0.2);
    const last = counts.findLastIndex((count) => count > across * 0.2);
    return first < 0 ? null : { start: first, end: last + 1 };
  };
  const vertical = span(rows, width);
  const horizontal = span(columns, height);
  if (!vertical || !horizontal) return null;
  const area = ((vertical.end - vertical.start) * (horizontal.end - horizontal.start)) / (width * height);
  if (area < 0.12 || area > 0.85) return null;
  // In fractions of the photo's width, with a margin so that no letter at the card's edge is cut.
  const margin = 0.03;
  const left = Math.max(0, horizontal.start / width - margin);
  const top = Math.max(0, vertical.start / width - margin);
  const right = Math.min(1, horizontal.end / width + margin);
  const bottom = Math.min(height / width, vertical.end / width + margin);
  return { left, top, width: right - left, height: bottom - top };
}

/** How far a card may be turned in the photo, in degrees, and the steps the search takes. */
const MAX_SKEW = 10;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;
/** Width of the image the skew is measured on. */
const SKEW_PROBE_WIDTH = 600;

/** How sharply the dark pixels gather into rows when turned by `degrees`: the sum of squared row counts. */
function rowSharpness(xs: Int32Array, ys: Int32Array, degrees: number, height: number): number {
  const radians = (degrees * Math.PI) / 180;
  const [sin, cos] = [Math.sin(radians), Math.cos(radians)];
  const offset = height;
  const rows = new Float64Array(height * 3);
  for (let index = 0; index < xs.length; index += 1) {
    const row = Math.round((ys[index] ?? 0) * cos - (xs[index] ?? 0) * sin) + offset;
    if (row >= 0 && row < rows.length) rows[row] = (rows[row] ?? 0) + 1;
  }
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}

/**
 * The card's skew in degrees (positive: turned clockwise), by the projection profile: the lines of print
 * give the sharpest row histogram when turned level (tesseract's own deskew left 7 degrees untouched);
 * and the share of the image that is ink.
 */
async function measureInk(grey: Sharp): Promise<{ skew: number; inkShare: number }> {
  const probe = grey.resize(SKEW_PROBE_WIDTH).extractChannel(0);
  const { data, info } = await probe.clone().raw().toBuffer({ resolveWithObject: true });
  const background = await probe.clone().blur(8).raw().toBuffer();
  // Ink is what is much darker than its surroundings: a dark table or shadow around the card is not.
  const dark: [number[], number[]] = [[], []];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const index = y * info.width + x;
      if ((data[index] ?? 255) < (background[index] ?? 0) - 40) {
        dark[0].push(x);
        dark[1].push(y);
      }
    }
  }
  const [xs, ys] = [Int32Array.from(dark[0]), Int32Array.from(dark[1])];
  const best = (from: number, to: number, step: number) => {
    let [bestAngle, bestScore] = [0, -1];
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const score = rowSharpness(xs, ys, angle, info.height);
      if (score > bestScore) [bestAngle, bestScore] = [angle, score];
    }
    return bestAngle;
  };
  const inkShare = xs.length / (info.width * info.height);
  if (xs.length === 0) return { skew: 0, inkShare };
  const coarse = best(-MAX_SKEW, MAX_SKEW, COARSE_STEP);
  return { skew: best(coarse - COARSE_STEP, coarse + COARSE_STEP, FINE_STEP), inkShare };
}

export interface PreparedKtpImage {
  /** The card's top `share` (1: all of it) as a greyscale PNG for tesseract. */
  png(share?: number): Promise<Buffer>;
  /**
   * The share of the image darker than its surroundings: 6-10 % on the drawn cards in every condition
   * of bench/ktp-ocr.ts, 0 on a blank photo, about 20 % on noise (which tesseract takes 10 s and more to
   * find nothing in).
   */
  inkShare: number;
}

/** Lossless either way; the fastest level: tesseract inflates it again at once, nothing is stored. */
const PNG_OUTPUT = { compressionLevel: 1 } as const;
/**
 * Pixels made in memory carry no density, and a PNG of them says 25 dpi, which tesseract refuses with a
 * warning on every reading. 72 is what the decoded photos said before (and what the bench's figures are of).
 */
const PNG_DENSITY = 72;

/**
 * The photo as a greyscale image of the card alone when it can be found, upright by its EXIF orientation,
 * from the blue channel (black print on a light blue card: the background is brightest there and the
 * security pattern fades), stretched to full contrast, at CARD_WIDTH. The photo is decoded once; every
 * step after works on pixels in memory, and a PNG is made only of the part tesseract reads.
 */
export async function prepareKtpImage(image: Buffer): Promise<PreparedKtpImage> {
  const decoded = await sharp(image, { failOn: 'none' }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = decoded.info;
  const upright = () => sharp(decoded.data, { raw: rawOf(decoded.info) });
  const card = await findCard(upright());
  const region = card
    ? {
        left: Math.round(card.left * width),
        top: Math.round(card.top * width),
        width: Math.min(width - Math.round(card.left * width), Math.round(card.width * width)),
        height: Math.min(height - Math.round(card.top * width), Math.round(card.height * width)),
      }
    : null;
  const cropped = region ? upright().extract(region) : upright();
  // normalise() reads its input twice (its range, then its output): resized first, to memory, so that the
  // resize runs once. Same pixels as one pipeline; normalise() works on the colour image, blue is taken after.
  const resized = await cropped.removeAlpha().resize({ width: CARD_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const blue = await sharp(resized.data, { raw: rawOf(resized.info) })
    .normalise()
    .extractChannel('blue')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = () => sharp(blue.data, { raw: rawOf(blue.info) });
  const { skew, inkShare } = await measureInk(grey());
  const level =
    Math.abs(skew) < FINE_STEP ? blue : await grey().rotate(-skew, { background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  return {
    inkShare,
    png: (share = 1) =>
      sharp(level.data, { raw: rawOf(level.info) })
        .extract({ left: 0, top: 0, width: level.info.width, height: Math.max(1, Math.round(level.info.height * share)) })
        .withDensity(PNG_DENSITY)
        .png(PNG_OUTPUT)
        .toBuffer(),
  };
}

function rawOf(info: OutputInfo): CreateRaw {
  return { width: info.width, height: info.height, channels: info.channels as CreateRaw['channels'] };
}
