import { expect, failedRequest, test } from '../../fixtures/test.js';
import { DEMO, E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

/**
 * The portals' guards and the three sign-in pages. Each page is walked once, as a user meets it:
 * the form's own checks, a refusal, then the way in. The rules behind the refusals (a wrong
 * password answered 401 alike for every account, a driver by phone only) are the API's and are
 * proven in apps/api/src/domain/auth.test.ts; these tests prove what each screen shows of them.
 */
test.describe('guards', () => {
  test('nobody signed in: every portal goes to its login, and an unknown path under a portal shows Page Not Found', async ({ page }) => {
    for (const [path, login] of [
      ['/admin', '/admin-login'],
      ['/admin-dashboard', '/admin-login'],
      ['/parent', '/parent-login'],
      ['/driver', '/driver-login'],
      ['/driver-dashboard', '/driver-login'],
    ] as const) {
      await page.goto(path);
      await expect(page, `${path} goes to ${login}`).toHaveURL(new RegExp(`${login}$`));
    }

    await page.goto('/parent/nothing-here');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { name: 'Safe & Reliable Student Transport Services' })).toBeVisible();
  });

  test('a parent visiting /admin is sent to the admin login, which stays put; an admin visiting /parent is sent to the parent login', async ({ page }) => {
    await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { name: 'Student Transport Management System' })).toBeVisible();
    // The login page does not bounce the parent on: it is still there once its form can be used.
    await expect(page.getByRole('textbox', { name: 'Admin Email', exact: true })).toBeEditable();
    await expect(page).toHaveURL(/\/admin-login$/);

    await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/parent');
    await expect(page).toHaveURL(/\/parent-login$/);
  });
});

test('/admin-login: empty fields are refused without a request, a wrong password with the message; an admin signs in, and the login page then goes to /admin-dashboard', async ({
  page,
  expectConsoleError,
}) => {
  let logins = 0;
  page.on('request', (request) => {
    if (request.url().includes('auth.login')) logins += 1;
  });
  await page.goto('/admin-login');
  const email = page.getByRole('textbox', { name: 'Admin Email', exact: true });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const signIn = page.getByRole('button', { name: 'Sign In' });

  await email.fill(E2E_ADMIN.email);
  await signIn.click();
  await expect(page.getByText('Missing credentials')).toBeVisible();
  await expect(page.getByText('Please enter both email and password')).toBeVisible();
  expect(logins).toBe(0);

  expectConsoleError(failedRequest(401, '/trpc/auth.login'));
  await password.fill('wrong-password');
  await signIn.click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await password.fill(E2E_ADMIN.password);
  await signIn.click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin-login');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});

test('/parent-login: checks the fields with the page messages, shows Login Failed for a wrong password, and refuses an admin with Access Denied, signed out again', async ({
  page,
  expectConsoleError,
}) => {
  await page.goto('/parent-login');
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const signIn = page.getByRole('button', { name: 'Sign In' });

  await signIn.click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register a student' })).toHaveAttribute('href', '/register');

  expectConsoleError(failedRequest(401, '/trpc/auth.login'));
  await email.fill(DEMO.parent.email);
  await password.fill('not-it');
  await signIn.click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await email.fill(E2E_ADMIN.email);
  await password.fill(E2E_ADMIN.password);
  await signIn.click();
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('This login is for parents only.')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('/driver-login: checks the fields, shows Login failed for a wrong password, and a driver signs in to the driver dashboard', async ({
  page,
  expectConsoleError,
}) => {
  await page.goto('/driver-login');
  const phone = page.getByRole('textbox', { name: 'Phone Number', exact: true });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const signIn = page.getByRole('button', { name: 'Sign In' });

  await signIn.click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  expectConsoleError(failedRequest(401, '/trpc/auth.driverLogin'));
  await phone.fill(DEMO.driver.phone);
  await password.fill('not-it');
  await signIn.click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid phone number or password')).toBeVisible();

  await password.fill(DEMO.driver.password);
  await signIn.click();
  await expect(page).toHaveURL(/\/driver-dashboard$/);
});
