import { describe, expect, it } from 'vitest';
import './zod-config.js';
import { config, z } from 'zod';

describe('Zod in the browser build', () => {
  it('validates without probing for eval, which the Content Security Policy forbids', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).safeParse({ name: 'Sara' }).success).toBe(true);
  });
});
