import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox, requestFix } from '../../../tests/support/fix-link.js';
import { blurredPhoto, exposedPhoto, scenePhoto, type Scene } from '../../../tests/support/photo-fixtures.js';
import {
  GENEROUS_LIMITS,
  makePdf,
  multipartBody,
  postRegistration,
  registerMerchant,
  registrationBody,
  stageDocument,
  stageRequiredDocuments,
  uploadFile,
  type RequiredSlot,
} from '../../../tests/support/registration-fixtures.js';
import type { DocumentSlot } from '../../domain/document-slots.js';
import { merchants, uploads } from '../db/schema.js';

const BASE = 'https://merchant.aipos.test';
const SCENE_OF: Record<RequiredSlot, Scene> = {
  foto_usaha: 'usaha',
  foto_produk: 'produk',
  foto_ktp: 'ktp',
  foto_selfie_ktp: 'selfie',
  foto_kk: 'kk',
};

describe('photo quality at upload (decision 0035)', () => {
  let admin: SignedIn;
  const t = testAppPerSuite({ env: { ...GENEROUS_LIMITS, PUBLIC_BASE_URL: BASE } }, async ({ app }) => {
    admin = await signIn(app);
  });
  let sharpKtp: Buffer;
  beforeAll(async () => {
    sharpKtp = await scenePhoto({ scene: 'ktp', width: 1600, height: 1200, seed: 7 });
  });

  const kualitasOf = async (slot: DocumentSlot, photo: Buffer) => {
    const response = await uploadFile(t.app, slot, photo);
    expect(response.statusCode).toBe(201);
    return response.json().kualitas;
  };
  const storedKualitas = async (uploadId: string) =>
    (await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId)))[0]!.kualitas;
  const merchantRow = async (id: string) => (await t.database.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
  const adminDetail = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${id}`, headers: { cookie: admin.cookie } })).json();

  /** The five required photos, sharp, except those given. */
  const stagePhotos = (except: Partial<Record<DocumentSlot, Buffer>> = {}) =>
    stageRequiredDocuments(
      t.app,
      (slot, i) => except[slot] ?? scenePhoto({ scene: SCENE_OF[slot], width: 1200, height: 900, seed: 20 + i }),
    );

  const register = async (except: Partial<Record<DocumentSlot, Buffer>> = {}): Promise<string> =>
    (await registerMerchant(t.app, {}, await stagePhotos(except))).id;

  it('answers a sharp, well lit photo of 1600 x 1200 with kualitas ok and no problems, and keeps it on the staged row', async () => {
    const response = await uploadFile(t.app, 'foto_ktp', sharpKtp);
    expect(response.statusCode).toBe(201);
    expect(response.json().kualitas).toEqual({ ok: true, masalah: [] });
    expect(await storedKualitas(response.json().upload_id)).toEqual({ ok: true, masalah: [] });
  });

  it('finds the same photo blurred with sigma 2 buram, and says so again when the draft asks for the upload', async () => {
    const response = await uploadFile(t.app, 'foto_ktp', await blurredPhoto(sharpKtp, 2));
    expect(response.json().kualitas).toEqual({ ok: false, masalah: ['buram'] });
    const again = await t.app.inject({ method: 'GET', url: `/api/uploads/${response.json().upload_id}` });
    expect(again.json().kualitas).toEqual({ ok: false, masalah: ['buram'] });
    expect(await storedKualitas(response.json().upload_id)).toEqual({ ok: false, masalah: ['buram'] });
  });

  it('finds an underexposed photo gelap', async () => {
    expect(await kualitasOf('foto_selfie_ktp', await exposedPhoto(sharpKtp, 0.35))).toEqual({ ok: false, masalah: ['gelap'] });
  });

  it('finds an overexposed, burnt-out photo terlalu_terang', async () => {
    expect(await kualitasOf('foto_kk', await exposedPhoto(sharpKtp, 1.6, 60))).toEqual({ ok: false, masalah: ['terlalu_terang'] });
  });

  it('finds a sharp photo with a shorter side under 600 px resolusi_rendah, and 600 px enough', async () => {
    expect(await kualitasOf('foto_usaha', await scenePhoto({ scene: 'usaha', width: 900, height: 599, seed: 3 }))).toEqual({
      ok: false,
      masalah: ['resolusi_rendah'],
    });
    expect(await kualitasOf('foto_usaha', await scenePhoto({ scene: 'usaha', width: 900, height: 600, seed: 3 }))).toEqual({
      ok: true,
      masalah: [],
    });
  });

  it('measures a PNG as well, and gives a PDF no kualitas (it is kept as sent, never decoded)', async () => {
    const png = await (await import('sharp')).default(sharpKtp).png().toBuffer();
    expect(await kualitasOf('foto_produk', png)).toEqual({ ok: true, masalah: [] });
    const body = await multipartBody([{ name: 'npwp_file', data: makePdf(), filename: 'npwp.pdf', contentType: 'application/pdf' }]);
    const pdf = await t.app.inject({ method: 'POST', url: '/api/uploads', ...body });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).not.toHaveProperty('kualitas');
    expect(await storedKualitas(pdf.json().upload_id)).toBeNull();
  });

  it('records on the merchant the warnings of the photos the registration used, and the admin detail carries them', async () => {
    const id = await register({ foto_ktp: await blurredPhoto(sharpKtp, 2) });
    expect((await merchantRow(id)).peringatanFoto).toEqual({ foto_ktp: ['buram'] });
    expect((await adminDetail(id)).peringatan_foto).toEqual({ foto_ktp: ['buram'] });
  });

  it('records nothing for a registration of good photos; a warned upload replaced before submitting does not count', async () => {
    await stageDocument(t.app, 'foto_ktp', await blurredPhoto(sharpKtp, 3));
    const id = await register();
    expect((await merchantRow(id)).peringatanFoto).toEqual({});
    expect((await adminDetail(id)).peringatan_foto).toEqual({});
  });

  it('takes no warnings from a browser: a body naming peringatan_foto is refused like any unknown field', async () => {
    const response = await postRegistration(t.app, registrationBody(await stagePhotos(), { peringatan_foto: {} }));
    expect(response.statusCode).toBe(400);
  });

  it('a fix link replacing the photo replaces its warning; the other slots keep theirs', async () => {
    const id = await register({ foto_ktp: await blurredPhoto(sharpKtp, 2), foto_kk: await exposedPhoto(sharpKtp, 0.35) });
    expect((await merchantRow(id)).peringatanFoto).toEqual({ foto_ktp: ['buram'], foto_kk: ['gelap'] });

    const flag = async () => {
      const response = await requestFix(t.app, admin.cookie, id, [{ field: 'foto_ktp', alasan: 'Foto buram' }], 'Mohon foto ulang');
      expect(response.statusCode).toBe(200);
      return (await fixLinkFromOutbox(t.database.db, id)).token;
    };
    const resubmit = async (photo: Buffer) => {
      const upload = await stageDocument(t.app, 'foto_ktp', photo);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/perbaikan/${await flag()}`,
        payload: { fields: {}, documents: { foto_ktp: upload } },
      });
      expect(response.statusCode).toBe(200);
    };

    await resubmit(sharpKtp);
    expect((await adminDetail(id)).peringatan_foto).toEqual({ foto_kk: ['gelap'] });
    await resubmit(await blurredPhoto(sharpKtp, 3));
    expect((await merchantRow(id)).peringatanFoto).toEqual({ foto_ktp: ['buram'], foto_kk: ['gelap'] });
  });

  it("an admin's replacement of a photo removes that slot's kept warning", async () => {
    const id = await register({ foto_ktp: await blurredPhoto(sharpKtp, 2), foto_kk: await exposedPhoto(sharpKtp, 0.35) });
    const body = await multipartBody([{ name: 'foto_ktp', data: sharpKtp, filename: 'ktp.jpg', contentType: 'image/jpeg' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${id}/documents/foto_ktp`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect((await merchantRow(id)).peringatanFoto).toEqual({ foto_kk: ['gelap'] });
  });
});
