/** Dates of change requests, in the screen's language (i18n/format.ts). */
export { formatDate, formatDateTime } from '../../i18n/format.js';
