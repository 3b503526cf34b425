import { API_MESSAGES } from '../../../domain/messages';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/order-texts';
import type { ProductList, ProductPublic } from '../../../domain/orders';
import { apiFetch, ApiRequestError } from '../../lib/api-client';

/**
 * GET /api/products for the shop and the checkout, checked by hand rather than with the zod schema of
 * src/domain/orders.ts: zod is about 26 KB gzip that /shop would download before its first paint (decision
 * budgets, as use-public-settings.ts does). The type guards are this module's own, not shared with the
 * order page's (order-answers.ts): a module the shop imports joins the shop's chunk, and the order page
 * would download that whole chunk for five one-line guards.
 */

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

function readProduct(value: unknown): ProductPublic | null {
  if (!isRecord(value) || !['sku', 'name', 'description', 'badge'].every((key) => isString(value[key]))) return null;
  if (!['id', 'price', 'stock_available'].every((key) => isInteger(value[key]))) return null;
  if (!Array.isArray(value.features) || !value.features.every(isString)) return null;
  const { id, sku, name, price, description, features, badge, stock_available } = value as ProductPublic;
  return { id, sku, name, price, description, features, badge, stock_available };
}

const isPaymentMethod = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.includes(value as PaymentMethod);

/** The answer, or null when it is not that shape. Payment methods this page does not know are left out. */
export function readProductList(data: unknown): ProductList | null {
  if (!isRecord(data) || !Array.isArray(data.products) || !Array.isArray(data.metode_pembayaran)) return null;
  const products = data.products.map(readProduct);
  if (products.some((product) => product === null)) return null;
  return { products: products as ProductPublic[], metode_pembayaran: data.metode_pembayaran.filter(isPaymentMethod) };
}

/** The server's prices, stock available and payment methods. */
export async function fetchProducts(signal?: AbortSignal): Promise<ProductList> {
  const list = readProductList(await apiFetch('/api/products', { signal }));
  if (!list) throw new ApiRequestError(200, 'BAD_RESPONSE', API_MESSAGES.internal);
  return list;
}
