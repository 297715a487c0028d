import { expect, failedRequest, test } from '../../fixtures/test.js';
import { DEMO, E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test.describe('guards', () => {
  for (const [path, login] of [
    ['/admin', '/admin-login'],
    ['/admin-dashboard', '/admin-login'],
    ['/parent', '/parent-login'],
    ['/driver', '/driver-login'],
    ['/driver-dashboard', '/driver-login'],
  ] as const) {
    test(`nobody signed in: ${path} goes to ${login}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${login}$`));
    });
  }

  test('a parent visiting /admin is sent to the admin login, which stays put', async ({ page }) => {
    await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { name: 'Student Transport Management System' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('an admin visiting /parent is sent to the parent login', async ({ page }) => {
    await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/parent');
    await expect(page).toHaveURL(/\/parent-login$/);
  });

  test('an unknown path under a portal shows Page Not Found', async ({ page }) => {
    await page.goto('/parent/nothing-here');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { name: 'Safe & Reliable Student Transport Services' })).toBeVisible();
  });
});

test.describe('/admin-login', () => {
  test('empty fields: Missing credentials, and no request is sent', async ({ page }) => {
    let logins = 0;
    page.on('request', (request) => {
      if (request.url().includes('auth.login')) logins += 1;
    });
    await page.goto('/admin-login');
    await page.getByRole('textbox', { name: 'Admin Email', exact: true }).fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Missing credentials')).toBeVisible();
    await expect(page.getByText('Please enter both email and password')).toBeVisible();
    expect(logins).toBe(0);
  });

  test('a wrong password: Login failed with the message', async ({ page, expectConsoleError }) => {
    expectConsoleError(failedRequest(401, '/trpc/auth.login'));
    await page.goto('/admin-login');
    await page.getByRole('textbox', { name: 'Admin Email', exact: true }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });

  test('an admin signs in to /admin; signed in, the login page goes to /admin-dashboard', async ({ page }) => {
    await page.goto('/admin-login');
    await page.getByRole('textbox', { name: 'Admin Email', exact: true }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin-login');
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });
});

test.describe('/parent-login', () => {
  test('checks the fields with the page messages', async ({ page }) => {
    await page.goto('/parent-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register a student' })).toHaveAttribute('href', '/register');
  });

  test('an admin is refused with Access Denied and signed out again', async ({ page }) => {
    await page.goto('/parent-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('This login is for parents only.')).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a wrong password shows Login Failed', async ({ page, expectConsoleError }) => {
    expectConsoleError(failedRequest(401, '/trpc/auth.login'));
    await page.goto('/parent-login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.parent.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-it');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });
});

test.describe('/driver-login', () => {
  test('checks the fields, and a driver signs in to the driver dashboard', async ({ page }) => {
    await page.goto('/driver-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(DEMO.driver.phone);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.driver.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/driver-dashboard$/);
  });

  test('a wrong password shows Login failed', async ({ page, expectConsoleError }) => {
    expectConsoleError(failedRequest(401, '/trpc/auth.driverLogin'));
    await page.goto('/driver-login');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(DEMO.driver.phone);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-it');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid phone number or password')).toBeVisible();
  });
});
