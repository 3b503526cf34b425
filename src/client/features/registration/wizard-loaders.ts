import { loadUploadApi } from '../../components/uploads/upload-loaders';
import { loadRegistrationApi, loadWizardSchemas, loadZodResolver } from './wizard-module-loaders';

/**
 * What the wizard loads after its first paint (page budgets, decision 0043): the modules of
 * wizard-module-loaders.ts, the upload calls and the steps after the first. The first focus or touch on
 * the wizard starts all of it, so by the time Next is pressed it is usually there; if not, the check waits for it.
 */
export const loadOwnerStep = () => import('./owner-step');
export const loadDocumentsStep = () => import('./documents-step');
export const loadBankStep = () => import('./bank-step');
export const loadReviewStep = () => import('./review-step');

let started = false;

/** Starts every load once; the browser keeps the modules, so later imports resolve at once. */
export function prefetchWizard(): void {
  if (started) return;
  started = true;
  const modules = [loadWizardSchemas, loadZodResolver, loadRegistrationApi, loadUploadApi];
  for (const load of [...modules, loadOwnerStep, loadDocumentsStep, loadBankStep, loadReviewStep]) {
    // A failed prefetch is retried by the import that needs the module.
    load().catch(() => undefined);
  }
}
