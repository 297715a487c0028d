/**
 * Zod probes whether it may compile validators with `new Function`. The server's Content Security
 * Policy forbids eval, so in the browser the probe is reported as a CSP violation (Chrome's Issues
 * panel, Lighthouse's best practices) although Zod catches it. `z.config({ jitless: true })` skips
 * the probe, but importing Zod here would put ~4 KB (gzip) of it into the first load. Zod keeps its
 * configuration on this global, shared by every copy of Zod, so the entry sets it without importing
 * Zod (zod-config.test.ts checks that Zod still reads it). The server keeps compiled validators.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
