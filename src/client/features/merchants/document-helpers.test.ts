import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { exportBody, exportUrl } from './export-button';
import { dispositionFilename } from './merchant-documents-api';
import { reuploadProblem } from './reupload-rules';

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name of RFC 6266 and falls back to the quoted one', () => {
    expect(dispositionFilename(`attachment; filename="AIP-AB_12-ktp.jpg"; filename*=UTF-8''AIP-AB_12-ktp.jpg`)).toBe('AIP-AB_12-ktp.jpg');
    expect(dispositionFilename(`attachment; filename="Toko_.jpg"; filename*=UTF-8''Toko%20%C3%A9.jpg`)).toBe('Toko é.jpg');
    expect(dispositionFilename('attachment; filename="merchants-2026-11-22.csv"')).toBe('merchants-2026-11-22.csv');
    expect(dispositionFilename(`attachment; filename="x.jpg"; filename*=UTF-8''%E0%A4%A`)).toBe('x.jpg');
  });

  it('answers null without a name', () => {
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename('attachment')).toBeNull();
  });
});

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
