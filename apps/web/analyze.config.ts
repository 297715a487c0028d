import base from './vite.config.js';
import type { Plugin, UserConfig } from 'vite';
const dump: Plugin = { name: 'dump', generateBundle(_o, bundle) { const out: Record<string, string[]> = {}; for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') out[f] = c.moduleIds.map((id) => id.replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, 'nm:').replace('/work/wt-perf/', '')); require('node:fs').writeFileSync('/tmp/chunks.json', JSON.stringify(out, null, 1)); } };
export default (env: any) => { const c = (base as any)(env) as UserConfig; return { ...c, plugins: [...(c.plugins as any[]), dump], build: { ...c.build, outDir: '/tmp/dist-analyze', emptyOutDir: true } }; };
