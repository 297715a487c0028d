/**
 * The Arabic font that ships with the app (Noto Sans Arabic, Arabic letters only: Latin text keeps
 * the system font). Imported only when Arabic is shown, so English screens never download it.
 */
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import './arabic-font.css';
