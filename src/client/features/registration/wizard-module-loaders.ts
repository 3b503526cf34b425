/**
 * The modules the wizard's steps and hooks load after its first paint (page budgets, decision
 * 0043): the step schemas with zod and the resolver, the registration calls. Apart from
 * wizard-loaders.ts, which loads the steps themselves: the steps use these, so one file made a cycle.
 */
export const loadWizardSchemas = () => import('./wizard-schemas');
export const loadZodResolver = () => import('@hookform/resolvers/zod');
export const loadRegistrationApi = () => import('./registration-api');
