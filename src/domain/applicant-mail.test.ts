import { describe, expect, it } from 'vitest';
import { hasBearerLink, hideBearerLinks, hideBearerLinksHtml, MAIL_KINDS, mailKindLabel } from './applicant-mail.js';

describe('the Pesan tab’s names of the mail kinds', () => {
  const NAMES: [string, string][] = [
    ['receipt', 'Tanda terima pendaftaran'],
    ['resubmission_receipt', 'Tanda terima perbaikan'],
    ['status', 'Perubahan status'],
    ['order_receipt', 'Pesanan diterima, menunggu pembayaran'],
    ['order_paid', 'Pembayaran pesanan diterima'],
    ['order_closed', 'Pesanan dibatalkan atau kedaluwarsa'],
    ['order_shipped', 'Pesanan dikirim'],
    ['order_delivered', 'Pesanan diterima merchant'],
    ['data_change_notice', 'Pemberitahuan perubahan data'],
  ];

  it('knows exactly the kinds the outbox holds, the order mails too', () => {
    expect([...MAIL_KINDS].sort()).toEqual(NAMES.map(([kind]) => kind).sort());
  });

  it.each(NAMES)('names %s in Indonesian: %s', (kind, name) => {
    expect(mailKindLabel(kind)).toBe(name);
  });

  it('shows a kind written by a newer instance as it is rather than as nothing', () => {
    expect(mailKindLabel('order_refunded')).toBe('order_refunded');
  });
});

describe('bearer links in an admin’s copy of a mail', () => {
  const FIX_TOKEN = 'Zr3kQ9x_T1-aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
  const ORDER_TOKEN = 'aZ09_-bY18cX27dW36eV45fU54gT63hS72iR81jQ90k';
  const base = 'https://merchant.aipos.test';

  it('hides the fix link’s token with a note and drops the order link’s token, leaving the bare order page', () => {
    const text = `Perbaiki di:\n${base}/perbaikan/${FIX_TOKEN}\nLihat pesanan Anda:\n${base}/pesanan/ORD-7H2K9Q4M?t=${ORDER_TOKEN}\n`;
    expect(hasBearerLink(text)).toBe(true);
    expect(hideBearerLinks(text)).toBe(
      `Perbaiki di:\n${base}/perbaikan/… (Tautan hanya ada di e-mail pendaftar)\nLihat pesanan Anda:\n${base}/pesanan/ORD-7H2K9Q4M\n`,
    );
    expect(hasBearerLink(hideBearerLinks(text))).toBe(false);
    // The order page without a token (every mail after the receipt) is no bearer link.
    expect(hasBearerLink(`${base}/pesanan/ORD-7H2K9Q4M`)).toBe(false);
  });

  it('in HTML, the order link still opens the order page, without its token', () => {
    const link = `${base}/pesanan/ORD-7H2K9Q4M?t=${ORDER_TOKEN}`;
    expect(hideBearerLinksHtml(`<p>Lihat pesanan Anda:<br><a href="${link}">${link}</a></p>`)).toBe(
      `<p>Lihat pesanan Anda:<br><a href="${base}/pesanan/ORD-7H2K9Q4M">${base}/pesanan/ORD-7H2K9Q4M</a></p>`,
    );
  });
});
