/** The top of a chart's axis: the smallest 1, 2 or 5 times a power of ten at or above the largest value (at least 1). */
export function niceMax(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * The points of a polyline for each series, in an SVG box of `width` x `height`: the first value at the left
 * edge, the last at the right, zero at the bottom and `top` (niceMax of every value) at the top.
 */
export function linePoints(values: readonly number[], top: number, width: number, height: number): string {
  if (values.length === 0) return '';
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, index) => `${round(index * stepX)},${round(height - (Math.max(0, value) / top) * height)}`).join(' ');
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
