import { keptWarningText, type PhotoProblem } from '../../../domain/photo-quality-texts';
import { WarningNote } from '../../components/warning-note';

/**
 * Under a document on the review screen and the Dokumen tab: the quality warnings the applicant saw and
 * kept the photo anyway (decision 0035), as the server recorded them. Nothing when there are none.
 */
export function KeptPhotoWarning({ problems, className }: { problems: readonly PhotoProblem[] | undefined; className?: string }) {
  if (!problems || problems.length === 0) return null;
  return <WarningNote text={keptWarningText(problems)} {...(className ? { className } : {})} />;
}
