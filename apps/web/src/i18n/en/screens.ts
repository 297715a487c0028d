import { parent } from './parent.js';
import { driver } from './driver.js';

/**
 * The English of the parent's and the driver's screens. Not in the landing page's download:
 * i18n/screens.ts registers them when a page that uses them loads (the parent's and the driver's
 * pages, and through i18n/office.ts every page that loads the office's catalogs).
 */
export const screenCatalogs = { parent, driver } as const;
