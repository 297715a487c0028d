/**
 * Mantine styles of a sign-in form (the parent's, driver's and office's sign-in pages): text and
 * password inputs, and the password's show/hide button. Loaded with the sign-in chunk after
 * first-screen.ts; public-forms.ts adds what the registration and the dialogs use. A sign-in page
 * thus parses some 18 KB of CSS instead of 51 KB: on a phone, CSS is parsed and matched against the
 * page before its first paint. They travel with the sign-in chunk, which holds this file
 * (build/lazy-chunks.ts).
 */
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
