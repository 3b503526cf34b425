import sharp from 'sharp';

/** A seeded generator (the same seed draws the same picture; neighbouring seeds draw unrelated ones). */
export function seeded(seed: number): () => number {
  // Mixed first: a linear congruential generator's first outputs of seeds 11 and 12 are nearly equal.
  let state = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  state = Math.imul(state ^ (state >>> 13), 0xc2b2ae35) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A photo-like JPEG of coloured shapes, different for each seed: the machine checks' tests and the reused
 * photo bench need photos that are distinct from each other (the shared fixtures' JPEGs are all alike).
 */
export async function distinctPhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  const random = seeded(seed);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  let shapes = '';
  const count = 8 + Math.floor(random() * 10);
  for (let i = 0; i < count; i += 1) {
    if (random() < 0.5) {
      shapes += `<circle cx="${random() * width}" cy="${random() * height}" r="${30 + random() * 200}" fill="${colour()}"/>`;
    } else {
      const rotate = `rotate(${random() * 90} ${width / 2} ${height / 2})`;
      shapes += `<rect x="${random() * width}" y="${random() * height}" width="${30 + random() * 400}" height="${30 + random() * 300}" fill="${colour()}" transform="${rotate}"/>`;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
