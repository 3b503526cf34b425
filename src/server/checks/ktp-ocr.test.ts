import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photographKtpCard } from '../../../tests/support/ktp-card-conditions.js';
import { CARD_HEIGHT, CARD_WIDTH, drawKtpCard, randomKtpPerson, type KtpPerson } from '../../../tests/support/ktp-card.js';
import { createRandom } from '../seed/fake-merchants.js';
import { createKtpReader, type KtpReader } from './ktp-ocr.js';

const TODAY = new Date('2026-11-27T03:00:00Z');

// Each read takes 0.5-2 s on an idle machine, several times that on a loaded one.
describe('KTP reader', { timeout: 90_000 }, () => {
  let reader: KtpReader;
  beforeAll(async () => {
    reader = await createKtpReader({ now: () => TODAY });
  });
  afterAll(async () => {
    await reader.close();
  });

  const person: KtpPerson = {
    ...randomKtpPerson(createRandom(11)),
    nik: '3273015708910004',
    nama: 'SITI AMINAH',
    tanggal_lahir: '1991-08-17',
  };

  it('reads the NIK, name and birth date of a clean card exactly', async () => {
    await expect(reader.read(await drawKtpCard(person))).resolves.toEqual({
      nik: '3273015708910004',
      nama: 'SITI AMINAH',
      tanggal_lahir: '1991-08-17',
    });
  });

  it('reads a card turned by 7 degrees in a JPEG', async () => {
    const turned = await sharp(await drawKtpCard(person))
      .rotate(-7, { background: '#807060' })
      .flatten({ background: '#807060' })
      .jpeg({ quality: 85 })
      .toBuffer();
    await expect(reader.read(turned)).resolves.toEqual({ nik: '3273015708910004', nama: 'SITI AMINAH', tanggal_lahir: '1991-08-17' });
  });

  it('reads the card in a phone photo of it lying on a table', async () => {
    const random = createRandom(5);
    const someone = randomKtpPerson(random);
    const photo = await photographKtpCard(someone, 'phone', random);
    await expect(reader.read(photo)).resolves.toMatchObject({ nik: someone.nik });
  });

  it('reads the whole photo when its upper half holds no NIK: a grey copy of a card, low in the frame', async () => {
    // No light blue: the card is not found, and the photo is read as it is, the NIK at 68 % of its height.
    const photo = await sharp(await drawKtpCard(person))
      .greyscale()
      .extend({ top: 1500 - CARD_HEIGHT, background: '#c0c0c0' })
      .png()
      .toBuffer();
    await expect(reader.read(photo)).resolves.toEqual({ nik: '3273015708910004', nama: 'SITI AMINAH', tanggal_lahir: '1991-08-17' });
  });

  it('returns nothing for a blank card and for noise', async () => {
    const blank = await sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#c4e0f2' } })
      .png()
      .toBuffer();
    const random = createRandom(3);
    const pixels = Buffer.from(Array.from({ length: 400 * 300 * 3 }, () => Math.floor(random() * 256)));
    const noise = await sharp(pixels, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const nothing = { nik: null, nama: null, tanggal_lahir: null };
    await expect(reader.read(blank)).resolves.toEqual(nothing);
    await expect(reader.read(noise)).resolves.toEqual(nothing);
  });

  it('returns nothing for bytes that are not an image', async () => {
    await expect(reader.read(Buffer.from('bukan gambar'))).resolves.toEqual({ nik: null, nama: null, tanggal_lahir: null });
  });

  it('leaves out a clearly printed NIK that no card can have (province 99)', async () => {
    await expect(reader.read(await drawKtpCard({ ...person, nik: '9973015708910004' }))).resolves.toEqual({
      nik: null,
      nama: 'SITI AMINAH',
      tanggal_lahir: '1991-08-17',
    });
  });

  it('leaves out the NIK and the birth date when they disagree: one of them was misread', async () => {
    await expect(reader.read(await drawKtpCard({ ...person, tanggal_lahir: '1991-08-18' }))).resolves.toEqual({
      nik: null,
      nama: 'SITI AMINAH',
      tanggal_lahir: null,
    });
  });

  it('reads photos given at once one after the other', async () => {
    const other: KtpPerson = { ...person, nik: '3171024107850002', nama: 'BUDI SANTOSO', tanggal_lahir: '1985-07-01' };
    const [first, second] = await Promise.all([reader.read(await drawKtpCard(person)), reader.read(await drawKtpCard(other))]);
    expect(first.nik).toBe('3273015708910004');
    expect(second).toEqual({ nik: '3171024107850002', nama: 'BUDI SANTOSO', tanggal_lahir: '1985-07-01' });
  });
});
