import i18n from './index.js';
import { screenCatalogs } from './en/screens.js';

// Imported for its effect by the pages that show these namespaces, so their English arrives with
// the page's chunk rather than with the landing page (scripts/perf/web-size.mjs holds that budget).
for (const [namespace, catalog] of Object.entries(screenCatalogs)) {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, catalog, true, false);
}
