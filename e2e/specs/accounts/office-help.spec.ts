import { expect, failedRequest, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { startGateway } from '../../fixtures/gateway.js';
import { registerParent } from '../../fixtures/parent-account.js';
import { signInByEmail } from '../../fixtures/session.js';

test('the office corrects a parent’s email and texts them a reset code from the student’s record', async ({ page, server, playwright, expectConsoleError }) => {
  expectConsoleError(failedRequest(409, '/trpc/admin.parents.update'));
  const gateway = await startGateway(server.gatewayPort, 200);
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const parent = await registerParent(api, 'first-family-pass');
    await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const found = await page.request.get(`/api/admin/students?search=${encodeURIComponent(parent.email)}`);
    expect(found.status(), await found.text()).toBe(200);
    const list = (await found.json()) as { students: { id: string }[] };
    expect(list.students, await found.text()).toHaveLength(1);
    await page.goto(`/admin?tab=students&edit=${list.students[0]!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await expect(dialog.getByRole('heading', { name: 'Parent Account' })).toBeVisible();
    await expect(dialog.getByText(parent.email)).toBeVisible();

    // Another account's email is refused; a new one is saved.
    await dialog.getByRole('button', { name: 'Correct Details' }).click();
    await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
    await dialog.getByRole('button', { name: 'Save Parent' }).click();
    await expect(page.getByText('Email is already used by another account')).toBeVisible();
    const corrected = `corrected-${parent.email}`;
    await dialog.getByLabel('Email').fill(corrected);
    await dialog.getByLabel('Parent Name').fill('Yousif Ali Nasser');
    await dialog.getByRole('button', { name: 'Save Parent' }).click();
    await expect(page.getByText('Parent details saved')).toBeVisible();
    await expect(dialog.getByText(`Yousif Ali Nasser · ${corrected} · ${parent.phone}`)).toBeVisible();

    // The reset code goes to the parent's phone; the parent sets a password with it.
    await dialog.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText('A reset code was sent by text message')).toBeVisible();
    const resetTexts = () => gateway.calls.filter((call) => call.body.to === `+973${parent.phone}` && call.body.templateKey === 'password_reset');
    await expect.poll(() => resetTexts().length, { timeout: 15_000 }).toBe(1);
    const code = /\b(\d{6})\b/.exec(resetTexts()[0]!.body.text)![1]!;
    const confirmed = await api.post('/api/auth/password-reset/confirm', { data: { identifier: corrected, code, newPassword: 'office-helped-pass' } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect((await api.post('/api/auth/login', { data: { email: corrected, password: 'office-helped-pass' } })).status()).toBe(200);
  } finally {
    await api.dispose();
    await gateway.close();
  }
});

test('the office sees a parent’s sign-in lock on the student’s record and clears it', async ({ page, server, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const parent = await registerParent(api, 'locked-family-pass');
    // Ten wrong passwords lock this address out of the parent's account, the right one too.
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await api.post('/api/auth/login', { data: { email: parent.email, password: `guess-${attempt}` } })).status()).toBe(401);
    expect((await api.post('/api/auth/login', { data: { email: parent.email, password: 'locked-family-pass' } })).status()).toBe(429);

    await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const found = await page.request.get(`/api/admin/students?search=${encodeURIComponent(parent.email)}`);
    const list = (await found.json()) as { students: { id: string }[] };
    await page.goto(`/admin?tab=students&edit=${list.students[0]!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await expect(dialog.getByText(/^Locked until \d{2}:\d{2}$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear Sign-In Lock' }).click();
    await expect(page.getByText('The sign-in lock was cleared')).toBeVisible();
    await expect(dialog.getByText(/^Locked until/)).toBeHidden();
    expect((await api.post('/api/auth/login', { data: { email: parent.email, password: 'locked-family-pass' } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
});
