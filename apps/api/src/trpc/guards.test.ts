import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { Role, SessionUser } from '@school-transport/contracts';
import type { Context } from './context.js';
import { z } from 'zod';
import { officeEndpoint, signedInEndpoint, createCallerFactory, crewEndpoint, parentEndpoint, router } from './init.js';

/** Every role guard against every kind of caller: anonymous is 401, another role is 403. */
const guarded = router({
  anyone: signedInEndpoint({ answer: z.string() }).query(({ ctx }) => ctx.user.role),
  admin: officeEndpoint('settings.manage', { answer: z.string() }).query(({ ctx }) => ctx.user.role),
  office: officeEndpoint('fees.payments', { answer: z.string() }).query(({ ctx }) => ctx.user.role),
  parent: parentEndpoint({ answer: z.string() }).query(({ ctx }) => ctx.user.role),
  driver: crewEndpoint({ answer: z.string() }).query(({ ctx }) => ctx.driverId),
});
const callerFor = (user: SessionUser | null) => createCallerFactory(guarded)({ user } as Context);

const userWithRole = (role: Role): SessionUser => ({
  id: `user-${role}`,
  name: role,
  role,
  email: null,
  language: 'en',
  phone: null,
  ...(role === 'driver' || role === 'attendant' ? { driverId: 'driver-1' } : {}),
});

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : 'UNEXPECTED';
  }
}

describe('role guards', () => {
  const guards = ['admin', 'parent', 'driver'] as const;

  it.each(guards)('%s procedures answer 401 to anonymous callers', async (guard) => {
    expect(await codeOf(callerFor(null)[guard]())).toBe('UNAUTHORIZED');
  });

  it.each(guards.flatMap((guard) => (['admin', 'parent', 'driver', 'staff'] as const).map((role) => [guard, role] as const)))(
    '%s procedures called by a %s',
    async (guard, role) => {
      expect(await codeOf(callerFor(userWithRole(role))[guard]())).toBe(guard === role ? 'OK' : 'FORBIDDEN');
    },
  );

  it.each(['admin', 'staff', 'parent', 'driver'] as const)('an office procedure the table opens to admins and staff, called by a %s', async (role) => {
    expect(await codeOf(callerFor(userWithRole(role)).office())).toBe(role === 'admin' || role === 'staff' ? 'OK' : 'FORBIDDEN');
  });

  it('an office procedure answers 401 to anonymous callers', async () => {
    expect(await codeOf(callerFor(null).office())).toBe('UNAUTHORIZED');
  });

  it('authenticated procedures take any signed-in role and refuse anonymous callers', async () => {
    expect(await codeOf(callerFor(null).anyone())).toBe('UNAUTHORIZED');
    expect(await callerFor(userWithRole('staff')).anyone()).toBe('staff');
  });

  it('a driver procedure knows which driver is calling', async () => {
    expect(await callerFor(userWithRole('driver')).driver()).toBe('driver-1');
  });

  it("a crew procedure lets the bus's attendant in, on the bus the session names", async () => {
    expect(await callerFor(userWithRole('attendant')).driver()).toBe('driver-1');
    expect(await codeOf(callerFor({ ...userWithRole('attendant'), driverId: undefined } as unknown as SessionUser).driver())).toBe('FORBIDDEN');
  });
});
