import { z } from 'zod';
import { normalizeMobile } from './indonesian-ids.js';
/**
 * The shop's orders: one contract for the checkout form, the order routes and their tests. An order
 * belongs to a registration (devices go only to registered merchants); prices and stock are the server's.
 */

// The vocabulary lives in a zod-free module the public pages can import; re-exported for everyone else.
import { COURIERS, DEVICE_STATUSES, ORDER_NOT_FOUND, ORDER_STATUSES, PAYMENT_METHODS, TIMELINE_STEPS } from './order-texts.js';
import { pagedQuery, pageOf } from './paging.js';
import { plainText } from './plain-text.js';

export {
  COURIER_LABELS,
  COURIERS,
  courierTrackingUrl,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  PAID_ORDER_STATUSES,
  TIMELINE_STEP_LABELS,
  TIMELINE_STEPS,
  type Courier,
  type DeviceStatus,
  type TimelineStep,
  ORDER_CODE_PATTERN,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type OrderStatus,
  type PaymentMethod,
} from './order-texts.js';

export const MAX_QUANTITY_PER_LINE = 100;
/** Open unpaid orders one registration may hold at once; the next is 429. */
export const MAX_OPEN_UNPAID_ORDERS = 5;

export const ORDER_MESSAGES = {
  registrationNotFound: 'Pendaftaran tidak ditemukan. Periksa kode pendaftaran dan nomor HP.',
  registrationCannotOrder: 'Pendaftaran ini tidak dapat membuat pesanan.',
  cartEmpty: 'Keranjang belanja kosong',
  productUnknown: 'Produk tidak ditemukan atau tidak dijual lagi.',
  quantity: `Jumlah harus bilangan bulat 1-${MAX_QUANTITY_PER_LINE}.`,
  duplicateLine: 'Setiap produk hanya boleh muncul sekali dalam pesanan.',
  outOfStock: (name: string, left: number) => `Stok ${name} tidak mencukupi (tersisa ${left}).`,
  tooManyOpenOrders: `Pendaftaran ini sudah memiliki ${MAX_OPEN_UNPAID_ORDERS} pesanan yang belum dibayar. Selesaikan pembayaran atau tunggu pesanan kedaluwarsa.`,
  orderNotFound: ORDER_NOT_FOUND,
  idempotencyKeyReused: 'Permintaan ini sudah dipakai untuk pesanan pendaftaran lain. Muat ulang halaman lalu buat pesanan lagi.',
  paymentUnavailable: 'Pembayaran Midtrans sedang tidak tersedia. Silakan pilih transfer bank atau coba lagi.',
  midtransNotConfigured: 'Pembayaran Midtrans tidak tersedia.',
  invoiceNotReady: 'Invoice tersedia setelah pesanan dibayar.',
  statusNotAllowed: (label: string) => `Tindakan ini tidak dapat dilakukan pada pesanan berstatus ${label}.`,
  amountNoteRequired: 'Jumlah berbeda dari yang seharusnya dibayar: tulis catatan.',
  productStockBelowHeld: (held: number) => `Stok tidak boleh kurang dari ${held} unit yang sedang dipesan.`,
  serialFormat: 'Nomor seri 6-30 karakter: huruf, angka, atau tanda hubung (-).',
  serialTaken: (nomorSeri: string, kodePesanan: string) => `Nomor seri ${nomorSeri} sudah terdaftar pada pesanan ${kodePesanan}`,
  serialRepeated: (nomorSeri: string) => `Nomor seri ${nomorSeri} dimasukkan lebih dari sekali.`,
  unitsMismatch: 'Jumlah nomor seri per produk harus sama dengan jumlah unit yang dipesan.',
  resiFormat: 'Nomor resi 6-40 karakter: huruf dan angka saja.',
  courierRequired: 'Pilih kurir',
  merchantNotVerified: 'Pesanan hanya dapat dikirim ke merchant yang sudah terverifikasi.',
  stockShortForShipping: (name: string, stock: number, wanted: number) =>
    `Stok ${name} di gudang tinggal ${stock} unit, kurang dari ${wanted} unit yang akan dikirim. Periksa stok produk sebelum mengirim.`,
  deviceNotFound: 'Perangkat tidak ditemukan',
  required: 'Wajib diisi',
  phone: 'Nomor HP tidak valid (contoh: 081234567890)',
  postalCode: 'Kode pos harus 3-6 digit angka',
  addressMin: 'Alamat lengkap minimal 10 karakter',
  regionMin: 'Minimal 3 karakter',
} as const;

const text = (max: number) => z.string().trim().min(1, ORDER_MESSAGES.required).max(max);
const mobile = z
  .string()
  .trim()
  .min(1, ORDER_MESSAGES.required)
  .max(30)
  .refine((value) => normalizeMobile(value) !== null, ORDER_MESSAGES.phone);

// ---- Products -------------------------------------------------------------------------------------

export const ProductPublicSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  price: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  badge: z.string(),
  stock_available: z.number().int(),
});
export type ProductPublic = z.infer<typeof ProductPublicSchema>;

/** GET /api/products: the active products, and the payment methods this server offers. */
export const ProductListSchema = z.object({
  products: z.array(ProductPublicSchema),
  metode_pembayaran: z.array(z.enum(PAYMENT_METHODS)),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const ProductAdminSchema = ProductPublicSchema.extend({
  stock: z.number().int(),
  held: z.number().int(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type ProductAdmin = z.infer<typeof ProductAdminSchema>;

/** PUT /api/admin/products/{id}: `stock` counts every unit, held ones included. */
export const ProductUpdateSchema = z
  .object({
    price: z.number().int().min(1).max(1_000_000_000),
    stock: z.number().int().min(0).max(1_000_000),
    active: z.boolean(),
  })
  .strict();
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

// ---- Checkout -------------------------------------------------------------------------------------

/** POST /api/orders/merchant-check: the registration an order will belong to (step 2 of checkout). */
export const MerchantCheckRequestSchema = z.union([
  z.object({ kode_pendaftaran: text(20), no_hp: mobile }).strict(),
  // Right after registering: the receipt token this browser was given proves the code.
  z.object({ kode_pendaftaran: text(20), receipt_token: z.string().min(1).max(200) }).strict(),
]);
export type MerchantCheckRequest = z.infer<typeof MerchantCheckRequestSchema>;

/** What checkout prefills from the registration: the store address and the registered phone. */
export const MerchantCheckResponseSchema = z.object({
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  nama_pemilik: z.string(),
  no_hp: z.string(),
  alamat: z.object({ alamat_jalan: z.string(), kecamatan: z.string(), kota_kab: z.string(), provinsi: z.string(), kode_pos: z.string() }),
});
export type MerchantCheckResponse = z.infer<typeof MerchantCheckResponseSchema>;

export const OrderItemRequestSchema = z
  .object({
    product_id: z.number({ error: ORDER_MESSAGES.productUnknown }).int(ORDER_MESSAGES.productUnknown),
    quantity: z
      .number({ error: ORDER_MESSAGES.quantity })
      .int(ORDER_MESSAGES.quantity)
      .min(1, ORDER_MESSAGES.quantity)
      .max(MAX_QUANTITY_PER_LINE, ORDER_MESSAGES.quantity),
  })
  .strict();

export const ShippingSchema = z
  .object({
    nama_penerima: plainText(text(100), 'Nama Penerima'),
    no_hp_penerima: mobile,
    alamat_pengiriman: plainText(z.string().trim().min(10, ORDER_MESSAGES.addressMin).max(500), 'Alamat Pengiriman'),
    kota_kab: plainText(z.string().trim().min(3, ORDER_MESSAGES.regionMin).max(100), 'Kota/Kabupaten'),
    provinsi: plainText(z.string().trim().min(3, ORDER_MESSAGES.regionMin).max(100), 'Provinsi'),
    kode_pos: z
      .string()
      .trim()
      .regex(/^\d{3,6}$/, ORDER_MESSAGES.postalCode),
  })
  .strict();
export type Shipping = z.infer<typeof ShippingSchema>;

/** POST /api/orders (header Idempotency-Key). */
export const OrderCreateRequestSchema = z
  .object({
    kode_pendaftaran: text(20),
    no_hp: mobile,
    items: z
      .array(OrderItemRequestSchema)
      .min(1, ORDER_MESSAGES.cartEmpty)
      .max(20)
      .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, ORDER_MESSAGES.duplicateLine),
    pengiriman: ShippingSchema,
    metode_pembayaran: z.enum(PAYMENT_METHODS),
  })
  .strict();
export type OrderCreateRequest = z.infer<typeof OrderCreateRequestSchema>;

export const OrderItemSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const BankAccountSchema = z.object({ bank: z.string(), nomor: z.string(), atas_nama: z.string() });
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const PaymentSchema = z.discriminatedUnion('metode', [
  z.object({
    metode: z.literal('transfer'),
    kode_unik: z.number().int(),
    /** total + kode_unik: the exact amount to transfer. */
    jumlah: z.number().int(),
    rekening: BankAccountSchema,
    batas_waktu: z.string(),
  }),
  z.object({ metode: z.literal('midtrans'), redirect_url: z.string(), batas_waktu: z.string() }),
]);
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * One step of the merchant's timeline: `at` is null for a step not reached yet (shown greyed); the
 * current step is the last one reached. `detail` carries the courier and resi on `dikirim`.
 */
export const TimelineEntrySchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  at: z.string().nullable(),
  detail: z.string().nullable().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** How a shipped order travels: the courier, its tracking number, and its public tracking page if any. */
export const ShipmentSchema = z.object({
  kurir: z.enum(COURIERS),
  kurir_label: z.string(),
  no_resi: z.string(),
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** The order as its buyer sees it (order page, GET /api/orders/{kode}). */
export const OrderPublicSchema = z.object({
  kode_pesanan: z.string(),
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(OrderItemSchema),
  subtotal: z.number().int(),
  ongkir: z.number().int(),
  total: z.number().int(),
  pembayaran: PaymentSchema,
  pengiriman: ShippingSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  invoice_number: z.string().nullable(),
  pengiriman_paket: ShipmentSchema.nullable(),
  delivered_at: z.string().nullable(),
  timeline: z.array(TimelineEntrySchema),
});
export type OrderPublic = z.infer<typeof OrderPublicSchema>;

/** 201 of POST /api/orders: the order and the access token of its page (only its hash is stored). */
export const OrderCreateResponseSchema = OrderPublicSchema.extend({ akses: z.string() });
export type OrderCreateResponse = z.infer<typeof OrderCreateResponseSchema>;

/** POST /api/orders/lookup: an order by its code and the registration's phone. */
export const OrderLookupRequestSchema = z.object({ kode_pesanan: text(20), no_hp: mobile }).strict();
export type OrderLookupRequest = z.infer<typeof OrderLookupRequestSchema>;
/** The lookup answers a fresh access token too, so the page can fetch the invoice with it. */
export const OrderLookupResponseSchema = OrderPublicSchema.extend({ akses: z.string() });

/** An order line on the status page (asker with the receipt, or e-mail plus phone). */
export const OrderSummarySchema = z.object({
  kode_pesanan: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

// ---- Admin ----------------------------------------------------------------------------------------

export const ORDER_PAGE_SIZE = 20;

export const OrderListQuerySchema = pagedQuery({
  q: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderListItemSchema = z.object({
  id: z.string(),
  kode_pesanan: z.string(),
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  status: z.enum(ORDER_STATUSES),
  perlu_refund: z.boolean(),
  metode_pembayaran: z.enum(PAYMENT_METHODS),
  total: z.number().int(),
  jumlah_item: z.number().int(),
  created_at: z.string(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderListSchema = pageOf(OrderListItemSchema).extend({ total: z.number().int() });
export type OrderList = z.infer<typeof OrderListSchema>;

export const OrderTimelineEntrySchema = z.object({ at: z.string(), label: z.string(), detail: z.string().nullable() });

/** A device on the admin's order detail. */
export const OrderDeviceSchema = z.object({
  id: z.string(),
  nomor_seri: z.string(),
  product_id: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
});

export const OrderAdminDetailSchema = OrderPublicSchema.extend({
  id: z.string(),
  merchant_id: z.string(),
  metode_pembayaran: z.enum(PAYMENT_METHODS),
  perlu_refund: z.boolean(),
  paid_amount: z.number().int().nullable(),
  payment_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  updated_at: z.string(),
  // The admin's history of the order (audit-backed), not the merchant's timeline of the public answer.
  timeline: z.array(OrderTimelineEntrySchema),
  devices: z.array(OrderDeviceSchema),
});
export type OrderAdminDetail = z.infer<typeof OrderAdminDetailSchema>;

/** POST /api/admin/orders/{id}/payment: a transfer seen on the account ('Konfirmasi Pembayaran'). */
export const PaymentConfirmSchema = z
  .object({
    jumlah: z.number().int().min(1).max(10_000_000_000),
    /** The day the money arrived, YYYY-MM-DD (WIB). */
    tanggal: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal tidak valid'),
    catatan: z.string().trim().max(500).optional(),
  })
  .strict();
export type PaymentConfirm = z.infer<typeof PaymentConfirmSchema>;

export const OrderCancelSchema = z.object({ alasan: z.string().trim().min(3, 'Alasan minimal 3 karakter').max(500) }).strict();
export type OrderCancel = z.infer<typeof OrderCancelSchema>;

// ---- Fulfilment -----------------------------------------------------------------------------------

/** A serial number as typed or scanned: trimmed and uppercased, 6-30 letters, digits or '-'. */
export const SerialNumberSchema = z
  .string({ error: ORDER_MESSAGES.serialFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{6,30}$/, ORDER_MESSAGES.serialFormat);

/** POST /api/admin/orders/{id}/pack ('Kemas'): exactly one serial per ordered unit. */
export const PackRequestSchema = z
  .object({
    units: z
      .array(z.object({ product_id: z.number().int(), nomor_seri: SerialNumberSchema }).strict())
      .min(1, ORDER_MESSAGES.unitsMismatch)
      .max(2000),
  })
  .strict();
export type PackRequest = z.infer<typeof PackRequestSchema>;

/** POST /api/admin/orders/{id}/ship ('Kirim'). */
export const ShipRequestSchema = z
  .object({
    kurir: z.enum(COURIERS, { error: ORDER_MESSAGES.courierRequired }),
    no_resi: z
      .string({ error: ORDER_MESSAGES.resiFormat })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6,40}$/, ORDER_MESSAGES.resiFormat),
  })
  .strict();
export type ShipRequest = z.infer<typeof ShipRequestSchema>;

/** GET /api/admin/fulfilment: orders `siap_dikemas` and `dikemas`, oldest paid first. */
export const FulfilmentItemSchema = OrderListItemSchema.pick({
  id: true,
  kode_pesanan: true,
  kode_pendaftaran: true,
  nama_toko: true,
  status: true,
  jumlah_item: true,
}).extend({ kota_kab: z.string(), paid_at: z.string() });
export type FulfilmentItem = z.infer<typeof FulfilmentItemSchema>;
export const FulfilmentListSchema = z.object({ items: z.array(FulfilmentItemSchema) });
export type FulfilmentList = z.infer<typeof FulfilmentListSchema>;

// ---- Devices --------------------------------------------------------------------------------------

export const DEVICE_PAGE_SIZE = 20;

/** GET /api/admin/devices: `q` matches a serial exactly or as a prefix (case-insensitive). */
export const DeviceListQuerySchema = pagedQuery({
  q: z.string().trim().max(30).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  merchant_id: z.uuid().optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

export const DeviceListItemSchema = z.object({
  id: z.string(),
  nomor_seri: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  merchant_id: z.string(),
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  order_id: z.string(),
  kode_pesanan: z.string(),
  status: z.enum(DEVICE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeviceListItem = z.infer<typeof DeviceListItemSchema>;

export const DeviceListSchema = pageOf(DeviceListItemSchema).extend({
  /** Paged without a count: counting a million devices would cost more than the page itself. */
  has_more: z.boolean(),
});
export type DeviceList = z.infer<typeof DeviceListSchema>;

/** GET /api/admin/devices/{id}: the device and its history, oldest first. */
export const DeviceDetailSchema = DeviceListItemSchema.extend({
  history: z.array(z.object({ status: z.enum(DEVICE_STATUSES), at: z.string(), oleh: z.string().nullable() })),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;
