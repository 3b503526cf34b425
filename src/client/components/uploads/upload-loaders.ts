/**
 * What the document uploads load on demand, never with the page (page budgets, decision 0008): the upload
 * calls and the image library. Apart from use-document-uploads.ts so the wizard can start them early.
 */
export const loadUploadApi = () => import('./upload-api');
/** The image library: loaded when a photo is chosen, never with the page (decision 0015). */
export const loadPhotoPreparation = () => import('./photo-preparation');
