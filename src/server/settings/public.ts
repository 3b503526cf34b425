// What other folders may use of settings/: the stored settings and the maintenance and upload-limit checks
// of public routes. The rest (the settings routes) is its own (decision 0042).
export { refuseDuringMaintenance, uploadLimitBytes } from './public-settings.js';
export { cachedStoredSettings, readSettings } from './settings-store.js';
