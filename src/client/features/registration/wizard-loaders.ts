import { loadUploadApi } from '../../components/uploads/upload-loaders';
import type { StoreStep as BoundStoreStep } from './store-step';
import { loadRegistrationApi, loadWizardSchemas, loadZodResolver } from './wizard-module-loaders';

/**
 * What the wizard loads after its first paint (page budgets, decisions 0043 and 0047): the modules of
 * wizard-module-loaders.ts, the upload calls, step 1 bound to react-hook-form and the steps after the first.
 * The first focus, touch or key on the wizard starts all of it, so by the time Next is pressed it is usually
 * there; if not, the check waits for it.
 */
export const loadOwnerStep = () => import('./owner-step');
export const loadDocumentsStep = () => import('./documents-step');
export const loadBankStep = () => import('./bank-step');
export const loadReviewStep = () => import('./review-step');

let storeStep: typeof BoundStoreStep | undefined;
const storeStepWaiters = new Set<() => void>();

/** Step 1 with react-hook-form; the page shows its preview until then and is told when it has arrived. */
export async function loadStoreStep(): Promise<typeof BoundStoreStep> {
  const { StoreStep } = await import('./store-step');
  if (!storeStep) {
    storeStep = StoreStep;
    for (const waiter of storeStepWaiters) waiter();
  }
  return StoreStep;
}

/** The bound step 1 once it has loaded, else undefined. */
export const loadedStoreStep = () => storeStep;

/** Calls `waiter` once the bound step 1 has loaded; returns the call that stops waiting. */
export function whenStoreStepLoads(waiter: () => void): () => void {
  storeStepWaiters.add(waiter);
  return () => void storeStepWaiters.delete(waiter);
}

let started = false;

/** Starts every load once; the browser keeps the modules, so later imports resolve at once. */
export function prefetchWizard(): void {
  if (started) return;
  started = true;
  const modules = [loadWizardSchemas, loadZodResolver, loadRegistrationApi, loadUploadApi];
  for (const load of [loadStoreStep, ...modules, loadOwnerStep, loadDocumentsStep, loadBankStep, loadReviewStep]) {
    // A failed prefetch is retried by the import that needs the module.
    load().catch(() => undefined);
  }
}
