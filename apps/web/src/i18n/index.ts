import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './en/common.js';
import { site } from './en/site.js';
import { parent } from './en/parent.js';
import { admin } from './en/admin.js';
import { driver } from './en/driver.js';
import { outbox } from './en/outbox.js';
import { changeRequests } from './en/changeRequests.js';
import { analytics } from './en/analytics.js';
import { fees } from './en/fees.js';
import { students } from './en/students.js';

/**
 * Every user-visible string comes from this catalog, one namespace per part of the product, so
 * Arabic (right to left) is a second catalog rather than a rewrite of the screens.
 */
export const resources = {
  en: { common, site, parent, admin, driver, outbox, changeRequests, analytics, fees, students },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common', 'site', 'parent', 'admin', 'driver', 'outbox', 'changeRequests', 'analytics', 'fees', 'students'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
