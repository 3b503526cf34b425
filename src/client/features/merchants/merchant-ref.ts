import type { MerchantListItem } from '../../../domain/merchants';

/** What a row action needs to name and address a merchant. */
export type MerchantRef = Pick<MerchantListItem, 'id' | 'nama_toko' | 'kode_pendaftaran' | 'status'>;
