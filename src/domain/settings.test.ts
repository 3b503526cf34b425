import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { uploadTooLargeMessage } from './settings.js';

describe('uploadTooLargeMessage', () => {
  it("is SPEC's text at 3 MB and names a lower limit", () => {
    expect(uploadTooLargeMessage(3)).toBe(MESSAGES.fileTooLarge);
    expect(uploadTooLargeMessage(2)).toBe('Ukuran file maksimal 2MB');
  });
});
