import i18n, { ARABIC_CATALOGS, catalogOfModule, namespaceOfFile } from './index.js';

let arabicLoaded: Promise<void> | undefined;

/** Makes a language's strings available (Arabic: downloads its chunk once); English is always there. */
export function loadLanguage(language: string): Promise<void> {
  if (language !== 'ar') return Promise.resolve();
  arabicLoaded ??= Promise.all([
    ...Object.entries(ARABIC_CATALOGS).map(async ([path, load]) => {
      const namespace = namespaceOfFile(path);
      const catalog = catalogOfModule(await load(), namespace);
      if (catalog && typeof catalog === 'object') i18n.addResourceBundle('ar', namespace, catalog, true, true);
    }),
    // The server answers in the contract's English: Arabic needs the map from message to key.
    import('./messages.js'),
  ]).then(
    () => undefined,
    (error: unknown) => {
      // A failed download (a phone going offline) may be tried again by the next switch.
      arabicLoaded = undefined;
      throw error;
    },
  );
  return arabicLoaded;
}
