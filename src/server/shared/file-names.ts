// Used by the registration uploads and the admin's document replacement alike.

/**
 * The name as the applicant chose it, kept as a label only (never a path): no control characters, no
 * directory part (`../x.jpg` keeps `x.jpg`), no bidirectional controls (U+202E makes `gpj.exe` read as
 * `exe.jpg` on an admin's screen), bounded.
 */
export function cleanFileName(name: string): string | null {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^.*[/\\]/, '')
    .trim()
    .slice(0, 255);
  return cleaned || null;
}
