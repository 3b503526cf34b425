import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api-client';
import { readRefusal } from './checkout-refusal';

describe('a refused order', () => {
  it('takes a new key and fresh stock after a 409 for stock', () => {
    const error = new ApiRequestError(409, 'OUT_OF_STOCK', 'Stok Soundbox tidak mencukupi (tersisa 3).');
    expect(readRefusal(error)).toEqual({
      message: 'Stok Soundbox tidak mencukupi (tersisa 3).',
      field: null,
      newKey: true,
      reloadProducts: true,
    });
  });

  it('names the shipping field the server refused, with or without its object path', () => {
    expect(readRefusal(new ApiRequestError(400, 'VALIDATION', 'Kode pos harus 3-6 digit angka', 'pengiriman.kode_pos')).field).toBe(
      'kode_pos',
    );
    expect(readRefusal(new ApiRequestError(400, 'VALIDATION', 'Wajib diisi', 'nama_penerima')).field).toBe('nama_penerima');
    expect(
      readRefusal(new ApiRequestError(404, 'NOT_FOUND', 'Pendaftaran tidak ditemukan. Periksa kode pendaftaran dan nomor HP.', 'no_hp'))
        .field,
    ).toBeNull();
  });

  it('keeps the key when no answer came, so a retry finds the order if it was made', () => {
    const lost = new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable);
    expect(readRefusal(lost)).toEqual({ message: API_MESSAGES.unavailable, field: null, newKey: false, reloadProducts: false });
    expect(readRefusal(new ApiRequestError(503, 'UNAVAILABLE', API_MESSAGES.unavailable)).newKey).toBe(false);
    expect(readRefusal(new TypeError('x')).message).toBe(API_MESSAGES.unavailable);
  });

  it('takes a new key when Midtrans failed: that order was cancelled and its key answers the same 502', () => {
    const error = new ApiRequestError(
      502,
      'PAYMENT_UNAVAILABLE',
      'Pembayaran Midtrans sedang tidak tersedia. Silakan pilih transfer bank atau coba lagi.',
    );
    expect(readRefusal(error).newKey).toBe(true);
  });
});
