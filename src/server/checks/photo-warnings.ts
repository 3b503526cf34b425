import { keptWarningText } from '../../domain/photo-quality-texts.js';
import { PhotoWarningsSchema } from '../../domain/photo-quality.js';
import type { MerchantRow } from '../db/schema.js';

/** The upload warnings the applicant kept for this slot (`merchants.peringatan_foto`), as the reviewer reads them. */
export function photoWarningTexts(row: MerchantRow, slot: string): string[] {
  const parsed = PhotoWarningsSchema.safeParse((row as { peringatanFoto?: unknown }).peringatanFoto ?? {});
  const problems = parsed.success ? parsed.data[slot as keyof typeof parsed.data] : undefined;
  return problems && problems.length > 0 ? [keptWarningText(problems)] : [];
}
