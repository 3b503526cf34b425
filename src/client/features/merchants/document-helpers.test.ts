import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { exportBody, exportUrl } from './export-button';
import { reuploadProblem } from './reupload-rules';

describe('exportUrl', () => {
  it('carries the search and the status, never the page or the sort', () => {
    expect(exportUrl({ q: 'Berkah Jaya', status: 'verified' })).toBe('/api/admin/merchants/export?q=Berkah+Jaya&status=verified');
    expect(exportUrl({ q: '', status: 'all' })).toBe('/api/admin/merchants/export?status=all');
  });

  it('sends a whole NIK or account number in the POST body, never in the URL', () => {
    expect(exportUrl({ q: '3171011708900001', status: 'all' })).toBe('/api/admin/merchants/export');
    expect(exportBody({ q: '3171011708900001', status: 'all' })).toEqual({ q: '3171011708900001', status: 'all' });
    expect(exportBody({ q: 'Berkah Jaya', status: 'all' })).toBeUndefined();
  });
});

describe('reuploadProblem', () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

  it('takes JPEG and PNG up to exactly 3 MB', () => {
    expect(reuploadProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(reuploadProblem(file('a.png', 'image/png', 3 * 1024 * 1024))).toBeNull();
    expect(reuploadProblem(file('a.jpeg', ''))).toBeNull();
  });

  it('refuses other types, PDF included, and anything over 3 MB', () => {
    expect(reuploadProblem(file('a.pdf', 'application/pdf'))).toBe(MESSAGES.fileTypeAdmin);
    expect(reuploadProblem(file('a.gif', 'image/gif'))).toBe(MESSAGES.fileTypeAdmin);
    expect(reuploadProblem(file('a.pdf', ''))).toBe(MESSAGES.fileTypeAdmin);
    expect(reuploadProblem(file('a.jpg', 'image/jpeg', 3 * 1024 * 1024 + 1))).toBe(MESSAGES.fileTooLarge);
  });
});
