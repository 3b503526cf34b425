import sharp from 'sharp';
import { createRandom } from '../../src/server/seed/fake-merchants.js';

/**
 * Photos like the ones applicants upload, for the photo quality checks (decision 0035): a scene drawn with
 * sharp's SVG renderer (a KTP-like card with text, a selfie, a shop front, a product, a family card on
 * paper), sensor noise added, then a JPEG as the wizard sends it. Deterministic for a seed.
 */
export const SCENES = ['ktp', 'selfie', 'usaha', 'produk', 'kk'] as const;
export type Scene = (typeof SCENES)[number];

export type PhotoOptions = { scene?: Scene; width?: number; height?: number; seed?: number };

const FONT = 'DejaVu Sans';

function textLines(random: () => number, x: number, y: number, size: number, count: number, fill: string): string {
  const words = [
    'NIK',
    'Nama',
    'Alamat',
    'RT/RW',
    'Kel/Desa',
    'Kecamatan',
    'Agama',
    'Pekerjaan',
    'Berlaku',
    'JAKARTA',
    'SURABAYA',
    'WIRASWASTA',
  ];
  return Array.from({ length: count }, (_, i) => {
    const line = Array.from({ length: 2 + Math.floor(random() * 4) }, () => words[Math.floor(random() * words.length)]).join(' ');
    return `<text x="${x}" y="${y + i * size * 1.45}" font-family="${FONT}" font-size="${size}" fill="${fill}">${line} ${Math.floor(random() * 1e8)}</text>`;
  }).join('');
}

function sceneSvg(scene: Scene, w: number, h: number, random: () => number): string {
  const u = Math.min(w, h);
  const body = {
    ktp: `<rect width="100%" height="100%" fill="#6f5a48"/>
      <rect x="${w * 0.08}" y="${h * 0.15}" width="${w * 0.84}" height="${h * 0.7}" rx="${u * 0.03}" fill="#bcd7ea"/>
      <rect x="${w * 0.68}" y="${h * 0.3}" width="${w * 0.18}" height="${h * 0.36}" fill="#c0392b"/>
      <ellipse cx="${w * 0.77}" cy="${h * 0.43}" rx="${w * 0.05}" ry="${h * 0.08}" fill="#e0b090"/>
      ${textLines(random, w * 0.12, h * 0.25, u / 34, 11, '#15202b')}`,
    selfie: `<defs><radialGradient id="skin"><stop offset="0" stop-color="#e8c0a0"/><stop offset="1" stop-color="#b07850"/></radialGradient></defs>
      <rect width="100%" height="100%" fill="#d8d2c4"/>
      <rect x="0" y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="#34495e"/>
      <ellipse cx="${w * 0.45}" cy="${h * 0.4}" rx="${u * 0.2}" ry="${u * 0.26}" fill="url(#skin)"/>
      <ellipse cx="${w * 0.45}" cy="${h * 0.2}" rx="${u * 0.22}" ry="${u * 0.1}" fill="#1b1410"/>
      <circle cx="${w * 0.4}" cy="${h * 0.38}" r="${u * 0.02}" fill="#20160f"/><circle cx="${w * 0.5}" cy="${h * 0.38}" r="${u * 0.02}" fill="#20160f"/>
      <rect x="${w * 0.55}" y="${h * 0.6}" width="${w * 0.35}" height="${h * 0.22}" rx="${u * 0.015}" fill="#bcd7ea"/>
      ${textLines(random, w * 0.57, h * 0.65, u / 60, 6, '#15202b')}`,
    usaha: `<rect width="100%" height="100%" fill="#87a9c8"/>
      <rect x="0" y="${h * 0.3}" width="${w}" height="${h * 0.7}" fill="#e6dcc8"/>
      <rect x="${w * 0.1}" y="${h * 0.18}" width="${w * 0.8}" height="${h * 0.14}" fill="#c0392b"/>
      <text x="${w * 0.14}" y="${h * 0.28}" font-family="${FONT}" font-weight="bold" font-size="${u / 12}" fill="#fff">WARUNG SEJAHTERA</text>
      ${Array.from({ length: 6 }, (_, i) => `<rect x="${w * 0.12}" y="${h * (0.4 + i * 0.09)}" width="${w * 0.76}" height="${h * 0.012}" fill="#6b4f2a"/>`).join('')}
      ${Array.from({ length: 40 }, () => `<rect x="${w * (0.13 + random() * 0.72)}" y="${h * (0.34 + Math.floor(random() * 6) * 0.09)}" width="${u * 0.03}" height="${h * 0.06}" fill="hsl(${Math.floor(random() * 360)},60%,50%)"/>`).join('')}`,
    produk: `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ea"/><stop offset="1" stop-color="#cfc8b8"/></linearGradient>
      <linearGradient id="can" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7b1e12"/><stop offset="0.4" stop-color="#e25b3c"/><stop offset="1" stop-color="#6d190f"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#bg)"/>
      <rect x="${w * 0.35}" y="${h * 0.25}" width="${w * 0.3}" height="${h * 0.55}" rx="${u * 0.02}" fill="url(#can)"/>
      <text x="${w * 0.38}" y="${h * 0.5}" font-family="${FONT}" font-weight="bold" font-size="${u / 16}" fill="#fff">KOPI</text>
      <text x="${w * 0.38}" y="${h * 0.58}" font-family="${FONT}" font-size="${u / 40}" fill="#fff">Bubuk asli 200 g</text>`,
    kk: `<rect width="100%" height="100%" fill="#8d8a80"/>
      <rect x="${w * 0.05}" y="${h * 0.05}" width="${w * 0.9}" height="${h * 0.9}" fill="#f7f6f0"/>
      <text x="${w * 0.3}" y="${h * 0.13}" font-family="${FONT}" font-weight="bold" font-size="${u / 24}" fill="#111">KARTU KELUARGA</text>
      ${Array.from({ length: 9 }, (_, i) => `<line x1="${w * 0.08}" y1="${h * (0.3 + i * 0.07)}" x2="${w * 0.92}" y2="${h * (0.3 + i * 0.07)}" stroke="#333" stroke-width="${Math.max(1, u / 600)}"/>`).join('')}
      ${textLines(random, w * 0.09, h * 0.35, u / 55, 8, '#222')}`,
  }[scene];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
}

/** A sharp photo of a scene as the wizard uploads it: drawn, sensor noise (about 2.5 levels), JPEG 85. */
export async function scenePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const { scene = 'ktp', width = 1600, height = 1200, seed = 1 } = options;
  const random = createRandom(seed);
  const pixels = await sharp(Buffer.from(sceneSvg(scene, width, height, random)))
    .removeAlpha()
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + Math.round((random() + random() - 1) * 6)));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same photo out of focus: a Gaussian blur of `sigma` pixels, sent again as JPEG 85. */
export function blurredPhoto(photo: Buffer, sigma: number): Promise<Buffer> {
  return sharp(photo).blur(sigma).jpeg({ quality: 85 }).toBuffer();
}

/** The same photo under- or over-exposed: every channel times `gain`, plus `offset` (clipped to 0-255). */
export function exposedPhoto(photo: Buffer, gain: number, offset = 0): Promise<Buffer> {
  return sharp(photo).linear(gain, offset).jpeg({ quality: 85 }).toBuffer();
}
