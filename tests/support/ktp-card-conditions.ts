import sharp, { type Sharp } from 'sharp';
import { drawKtpCard, type KtpPerson } from './ktp-card.js';

/**
 * The ways an applicant's KTP photo falls short of a scan, applied to a drawn card (tests/support/ktp-card.ts).
 * Perspective is approximated by an affine shear: sharp has no projective warp.
 */
export const KTP_CONDITIONS = ['clean', 'jpeg40', 'blur1.5', 'blur3', 'rotated', 'perspective', 'dim', 'phone'] as const;
export type KtpCondition = (typeof KTP_CONDITIONS)[number];

/** The conditions the 85 % target is set over; blur 3, perspective and the phone photo are reported only. */
export const MILD_CONDITIONS: readonly KtpCondition[] = ['jpeg40', 'blur1.5', 'rotated', 'dim'];

const GREY_TABLE = { r: 128, g: 120, b: 110, alpha: 1 };

const jpeg = (image: Sharp, quality = 90) => image.flatten({ background: GREY_TABLE }).jpeg({ quality }).toBuffer();

/** -max..-min or min..max degrees, the sign and size chosen by `random`. */
function angle(random: () => number, min: number, max: number): number {
  const size = min + random() * (max - min);
  return random() < 0.5 ? -size : size;
}

/** A wood-grain-like table top: streaks of brown plus per-pixel noise, seeded. */
async function tableTop(width: number, height: number, random: () => number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const streaks = Array.from({ length: 24 }, () => ({ phase: random() * Math.PI * 2, period: 20 + random() * 80, weight: random() * 18 }));
  for (let y = 0; y < height; y += 1) {
    let grain = 0;
    for (const streak of streaks) grain += Math.sin(y / streak.period + streak.phase) * streak.weight;
    for (let x = 0; x < width; x += 1) {
      const noise = (random() - 0.5) * 30;
      const offset = (y * width + x) * 3;
      pixels[offset] = clamp(150 + grain + noise);
      pixels[offset + 1] = clamp(105 + grain * 0.8 + noise);
      pixels[offset + 2] = clamp(70 + grain * 0.5 + noise);
    }
  }
  // Drawn at half size and enlarged: the grain is coarser, as the camera sees it, and the card costs less to make.
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(width * 2, height * 2)
    .blur(1.2)
    .png()
    .toBuffer();
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * A phone photo of the card lying on a table: 2560 x 1920, the size the wizard sends a camera photo at
 * (decision 0015), the card filling 45-65 % of the width, turned up to 4 degrees, slightly soft.
 */
async function phonePhoto(person: KtpPerson, random: () => number): Promise<Buffer> {
  const width = 2560;
  const height = 1920;
  const card = await drawKtpCard(person, Math.round(width * (0.45 + random() * 0.2)));
  const turned = await sharp(card)
    .rotate(angle(random, 0.5, 4), { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.floor(random() * (width - turned.info.width));
  const top = Math.floor(random() * (height - turned.info.height));
  const table = await tableTop(width / 2, height / 2, random);
  return jpeg(
    sharp(table)
      .composite([{ input: turned.data, left, top }])
      .blur(0.8),
    85,
  );
}

/** A photo of `person`'s card taken in `condition`; seeded by `random`, so a run can be repeated exactly. */
export async function photographKtpCard(person: KtpPerson, condition: KtpCondition, random: () => number): Promise<Buffer> {
  if (condition === 'phone') return phonePhoto(person, random);
  const card = await drawKtpCard(person);
  switch (condition) {
    case 'clean':
      return card;
    case 'jpeg40':
      return jpeg(sharp(card), 40);
    case 'blur1.5':
      return jpeg(sharp(card).blur(1.5));
    case 'blur3':
      return jpeg(sharp(card).blur(3));
    case 'rotated':
      return jpeg(sharp(card).rotate(angle(random, 3, 7), { background: GREY_TABLE }));
    case 'perspective': {
      const shearX = angle(random, 0.04, 0.1);
      const shearY = angle(random, 0.02, 0.05);
      return jpeg(
        sharp(card).affine(
          [
            [1, shearX],
            [shearY, 0.92],
          ],
          { background: GREY_TABLE },
        ),
      );
    }
    case 'dim':
      // Under a weak lamp: a third of the light, flat, slightly soft.
      return jpeg(sharp(card).linear(0.35, 12).blur(0.5), 80);
  }
}
