/**
 * The signed-in areas (parent, admin, driver) load every Mantine style once, with their first
 * chunk: they use many components and grow feature by feature, and a component whose stylesheet
 * was forgotten would look broken. After first-screen.ts in the cascade, so the order holds.
 */
import '@mantine/core/styles.css';
