import i18n from './index.js';
// The office's and the parent's pages show the parent's and the driver's namespaces too.
import './screens.js';
import { officeCatalogs } from './en/office.js';

// Imported for its effect by the pages that show these namespaces, so their English arrives with
// the page's chunk rather than with the landing page (scripts/perf/web-size.mjs holds that budget).
for (const [namespace, catalog] of Object.entries(officeCatalogs)) {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, catalog, true, false);
}
