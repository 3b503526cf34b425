import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { seal } from '../../src/server/crypto/sealed.js';
import type { Db } from '../../src/server/db/database.js';
import {
  merchants,
  orderItems,
  orders,
  products,
  type MerchantRow,
  type NewMerchantRow,
  type OrderRow,
} from '../../src/server/db/schema.js';
import { generateToken, hashToken } from '../../src/server/shared/tokens.js';
import { holdUnits } from '../../src/server/shop/stock.js';

/** A shipping block that passes ShippingSchema. */
export const SHIPPING = {
  nama_penerima: 'Siti Rahayu',
  no_hp_penerima: '0812-3456-7890',
  alamat_pengiriman: 'Jl. Melati No. 12, RT 03/RW 05, Tebet',
  kota_kab: 'Jakarta Selatan',
  provinsi: 'DKI Jakarta',
  kode_pos: '12810',
} as const;

/** A merchant row written straight to the database (no documents): for suites about orders, not registration. */
/** Merchant columns for a fixture, the NIK and account number in clear (sealed here for the row). */
export type MerchantFixture = Omit<Partial<NewMerchantRow>, 'nik' | 'noRekening'> & { nik?: string; noRekening?: string };

export async function insertMerchant(db: Db, fixture: MerchantFixture = {}): Promise<MerchantRow> {
  const { nik, noRekening, ...overrides } = fixture;
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(merchants)
    .values({
      id,
      kodePendaftaran: `AIP-${randomBytes(3).toString('hex').slice(0, 5).toUpperCase()}`,
      namaToko: 'Warung Sejahtera',
      kategoriUsaha: 'Sembako',
      alamatJalan: 'Jl. Melati No. 12, RT 03/RW 05',
      kecamatan: 'Tebet',
      kotaKab: 'Jakarta Selatan',
      provinsi: 'DKI Jakarta',
      kodePos: '12810',
      namaPemilik: 'Siti Rahayu',
      nik: seal(nik ?? '3174015503900001', 'merchants', 'nik', id),
      noHp: '+6281234567890',
      email: 'siti.rahayu@example.com',
      alamatPemilik: 'Jl. Kenanga No. 4, Tebet, Jakarta Selatan',
      namaBank: 'BCA',
      noRekening: seal(noRekening ?? '1234567890', 'merchants', 'no_rekening', id),
      namaRekening: 'Siti Rahayu',
      status: 'processing',
      ...overrides,
    })
    .returning();
  return row!;
}

export type InsertedOrder = { order: OrderRow; akses: string };

/**
 * An order written straight to the database, its units held like the order route holds them: for suites
 * that start from an existing order (admin actions, expiry, invoice) rather than from checkout.
 */
export async function insertOrder(
  db: Db,
  input: {
    merchantId: string;
    items: { productId: number; quantity: number }[];
    metode?: 'transfer' | 'midtrans';
    createdAt?: Date;
    batasWaktu?: Date;
    kodeUnik?: number;
  },
): Promise<InsertedOrder> {
  const akses = generateToken();
  const createdAt = input.createdAt ?? new Date();
  const order = await db.transaction(async (tx) => {
    const shortage = await holdUnits(tx, input.items);
    if (shortage) throw new Error(`fixture: not enough ${shortage.name}`);
    const priced = await Promise.all(
      input.items.map(async (item) => {
        const [product] = await tx.select().from(products).where(eq(products.id, item.productId));
        return { ...item, product: product! };
      }),
    );
    const total = priced.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    const metode = input.metode ?? 'transfer';
    const [row] = await tx
      .insert(orders)
      .values({
        kodePesanan: `ORD-${randomBytes(8).toString('hex').slice(0, 8).toUpperCase()}`,
        merchantId: input.merchantId,
        metodePembayaran: metode,
        subtotal: total,
        total,
        kodeUnik: metode === 'transfer' ? (input.kodeUnik ?? 123) : null,
        batasWaktu: input.batasWaktu ?? new Date(createdAt.getTime() + 24 * 3_600_000),
        aksesTokenHashes: [hashToken(akses)],
        idempotencyKey: randomUUID(),
        namaPenerima: SHIPPING.nama_penerima,
        noHpPenerima: '+6281234567890',
        alamatPengiriman: SHIPPING.alamat_pengiriman,
        kotaKab: SHIPPING.kota_kab,
        provinsi: SHIPPING.provinsi,
        kodePos: SHIPPING.kode_pos,
        midtransRedirectUrl: metode === 'midtrans' ? 'http://127.0.0.1/snap/redirect' : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await tx.insert(orderItems).values(
      priced.map((line) => ({
        orderId: row!.id,
        productId: line.productId,
        sku: line.product.sku,
        name: line.product.name,
        price: line.product.price,
        quantity: line.quantity,
      })),
    );
    return row!;
  });
  return { order, akses };
}

/** stock, held and what is left of one product. */
export async function productStock(db: Db, productId: number): Promise<{ stock: number; held: number; available: number }> {
  const [row] = await db.select({ stock: products.stock, held: products.held }).from(products).where(eq(products.id, productId));
  return { stock: row!.stock, held: row!.held, available: row!.stock - row!.held };
}
