import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderAdminDetail } from '../../../domain/orders';
import { defaultPaymentForm, expectedAmount, parseRupiah, paymentFormSchema, todayWib, toPaymentConfirm } from './payment-form';

const TRANSFER: Pick<OrderAdminDetail, 'pembayaran' | 'total'> = {
  total: 1_500_000,
  pembayaran: {
    metode: 'transfer',
    kode_unik: 123,
    jumlah: 1_500_123,
    rekening: { bank: 'BCA', nomor: '1234567890', atas_nama: 'PT AIPOS Indonesia' },
    batas_waktu: '2026-11-27T07:00:00.000Z',
  },
};
const MIDTRANS: Pick<OrderAdminDetail, 'pembayaran' | 'total'> = {
  total: 2_000_000,
  pembayaran: {
    metode: 'midtrans',
    redirect_url: 'https://app.sandbox.midtrans.com/snap/v4/redirection/x',
    batas_waktu: '2026-11-27T07:00:00.000Z',
  },
};

describe('todayWib', () => {
  it("is Jakarta's calendar day, seven hours ahead of UTC", () => {
    expect(todayWib(new Date('2026-11-25T16:59:59Z'))).toBe('2026-11-25');
    expect(todayWib(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26');
    expect(todayWib(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });
});

describe('expectedAmount and the form defaults', () => {
  it('is the total plus the unique code for a transfer, the total for Midtrans', () => {
    expect(expectedAmount(TRANSFER)).toBe(1_500_123);
    expect(expectedAmount(MIDTRANS)).toBe(2_000_000);
  });

  it('prefills the expected amount as digits and today in WIB', () => {
    expect(defaultPaymentForm(TRANSFER, new Date('2026-11-25T20:00:00Z'))).toEqual({
      jumlah: '1500123',
      tanggal: '2026-11-26',
      catatan: '',
    });
  });
});

describe('parseRupiah', () => {
  it.each([
    ['1500123', 1_500_123],
    ['1.500.123', 1_500_123],
    ['Rp 1.500.123', 1_500_123],
    ['Rp\u00a01.500.123', 1_500_123],
    [' 42 ', 42],
  ])('%s → %s', (text, amount) => {
    expect(parseRupiah(text)).toBe(amount);
  });

  it.each(['', '1,5', '-100', '1e6', 'seratus', '123456789012'])('refuses %s', (text) => {
    expect(parseRupiah(text)).toBeNull();
  });
});

describe('paymentFormSchema', () => {
  const schema = paymentFormSchema(1_500_123);
  const messages = (values: { jumlah: string; tanggal: string; catatan: string }) => {
    const result = schema.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('accepts the expected amount without a note', () => {
    expect(messages({ jumlah: '1.500.123', tanggal: '2026-11-26', catatan: '' })).toEqual({});
  });

  it('asks for a note, in the server words, when the amount differs', () => {
    expect(messages({ jumlah: '1500000', tanggal: '2026-11-26', catatan: '  ' })).toEqual({ catatan: ORDER_MESSAGES.amountNoteRequired });
    expect(messages({ jumlah: '1500000', tanggal: '2026-11-26', catatan: 'Kode unik tidak ikut ditransfer' })).toEqual({});
  });

  it('refuses an amount that is not whole rupiah, zero, or a date that does not exist', () => {
    expect(messages({ jumlah: '1.500,50', tanggal: '2026-11-26', catatan: 'x' }).jumlah).toBe(
      'Jumlah harus berupa angka rupiah tanpa desimal',
    );
    expect(messages({ jumlah: '0', tanggal: '2026-11-26', catatan: 'x' }).jumlah).toBe('Jumlah minimal Rp 1');
    expect(messages({ jumlah: '1500123', tanggal: '2026-02-30', catatan: '' }).tanggal).toBe('Tanggal tidak valid');
    expect(messages({ jumlah: '1500123', tanggal: '', catatan: '' }).tanggal).toBe('Tanggal tidak valid');
    expect(messages({ jumlah: '1500123', tanggal: '2999-01-01', catatan: '' }).tanggal).toBe(
      'Tanggal pembayaran tidak boleh melewati hari ini.',
    );
  });
});

describe('toPaymentConfirm', () => {
  it('sends whole rupiah and leaves an empty note out', () => {
    expect(toPaymentConfirm({ jumlah: 'Rp 1.500.123', tanggal: '2026-11-26', catatan: ' ' })).toEqual({
      jumlah: 1_500_123,
      tanggal: '2026-11-26',
    });
    expect(toPaymentConfirm({ jumlah: '1500000', tanggal: '2026-11-26', catatan: ' kurang 123 ' })).toEqual({
      jumlah: 1_500_000,
      tanggal: '2026-11-26',
      catatan: 'kurang 123',
    });
  });
});
