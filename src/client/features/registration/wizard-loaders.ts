/**
 * What the wizard loads after its first paint (issue 8 page budgets, decision 0008): the step schemas
 * with zod and the resolver, the API calls, and the steps after the first. The first focus or touch on the wizard
 * starts all of it, so by the time Next is pressed it is usually there; if not, the check waits for it.
 */
export const loadWizardSchemas = () => import('./wizard-schemas');
export const loadZodResolver = () => import('@hookform/resolvers/zod');
export const loadRegistrationApi = () => import('./registration-api');
export const loadOwnerStep = () => import('./owner-step');
export const loadDocumentsStep = () => import('./documents-step');
export const loadBankStep = () => import('./bank-step');
export const loadReviewStep = () => import('./review-step');
/** The image library: loaded when a photo is chosen, never with the page (issue 16). */
export const loadPhotoPreparation = () => import('./photo-preparation');

let started = false;

/** Starts every load once; the browser keeps the modules, so later imports resolve at once. */
export function prefetchWizard(): void {
  if (started) return;
  started = true;
  for (const load of [loadWizardSchemas, loadZodResolver, loadRegistrationApi, loadOwnerStep, loadDocumentsStep, loadBankStep, loadReviewStep]) {
    // A failed prefetch is retried by the import that needs the module.
    load().catch(() => undefined);
  }
}
