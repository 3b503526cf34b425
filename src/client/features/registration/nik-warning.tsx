import { useWatch } from 'react-hook-form';
import { stripSeparators } from '../../../domain/indonesian-ids';
import { decodeNik, NIK_MESSAGES } from '../../../domain/nik-structure';
import { WarningNote } from '../../components/warning-note';

/** The warning under NIK for a given value, or null: only for 16 digits ('NIK harus 16 digit' is the block). */
export function nikWarningText(value: string, today?: Date): string | null {
  const nik = stripSeparators(value);
  if (!/^\d{16}$/.test(nik)) return null;
  const { problems } = decodeNik(nik, today);
  if (problems.length === 0) return null;
  return `${NIK_MESSAGES.structureWarning}. ${problems.map((problem) => NIK_MESSAGES.problems[problem]).join('. ')}.`;
}

/**
 * A NIK whose province code or birth date looks wrong is worth a second look, but it is not
 * refused: region codes and old cards have their surprises, and the reviewer sees the same warning.
 */
export function NikWarning() {
  const value = useWatch({ name: 'nik' }) as string | undefined;
  return <WarningNote text={nikWarningText(value ?? '')} live />;
}
