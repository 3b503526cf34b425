// What other features may use of merchants/ (the review screen and the dashboard of workbench/): the
// merchant's query keys and detail, its claims, panels and dialogs. The rest is its own (decision 0042).
export { claimMerchant, releaseMerchant, releaseOnPageHide, takeOverMerchant } from './claim-api';
export { DetailSkeleton } from './detail-skeleton';
export { DuplicatePanel } from './duplicate-panel';
export { KeptPhotoWarning } from './kept-photo-warning';
export { fetchMerchantList, merchantKeys, revealMerchantField } from './merchant-api';
export { MerchantNotFound } from './merchant-not-found';
export { MerchantTitle } from './merchant-title';
export { NikCheckInfo } from './nik-check';
export { NotesCard } from './notes-card';
export { REVEAL_MESSAGES } from './revealable-field';
export { StaleSaveAlert } from './stale-save-alert';
export { StatusChangeDialog } from './status-change-dialog';
export { PDF_TYPE, useBlobSource, useDocumentBlob } from './use-document-blob';
export { useLiveMerchantUpdates } from './use-live-merchant-updates';
export { useMerchantDetail } from './use-merchant-detail';
