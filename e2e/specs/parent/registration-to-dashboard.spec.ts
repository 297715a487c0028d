import { expect, test } from '../../fixtures/test.js';
import { acceptTerms, chooseOption } from '../../fixtures/forms.js';
import { uniqueName } from '../../fixtures/session.js';

test('a complete registration: success toast, /parent-login after 2 s, sign in, the dashboard lists the student', async ({ page }) => {
  const firstName = uniqueName('Mariam').replace(' ', '');
  const email = `${firstName.toLowerCase()}@example.com`;
  await page.goto('/register');
  await acceptTerms(page);

  await chooseOption(page, 'School', 'Demo International School');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: "Father's Name", exact: true }).fill('Yousif');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Khalil');
  await chooseOption(page, 'Grade', 'KG2');
  await chooseOption(page, 'Class', 'B');
  await page.getByRole('textbox', { name: 'Student School ID', exact: true }).fill('ISB-2044');
  await page.getByRole('textbox', { name: 'Parent Name', exact: true }).fill('Yousif Khalil');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('36551234');
  await page.getByRole('textbox', { name: 'Account Password', exact: true }).fill('family-pass');
  await page.getByRole('radio', { name: 'School → Home (afternoon)', exact: true }).check();
  await chooseOption(page, 'Area', 'Riffa - 30.00 BHD');
  await chooseOption(page, 'Roundabout', 'Roundabout 5');
  await page.getByRole('textbox', { name: 'Block', exact: true }).fill('905');
  await page.getByRole('textbox', { name: 'Road', exact: true }).fill('512');
  await page.getByRole('textbox', { name: 'House/Building', exact: true }).fill('77');

  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(page.getByText('Registration Successful', { exact: true })).toBeVisible();
  // The answer names no student ID (it must read the same whether or not the email had an account):
  // the ID comes by SMS and on the dashboard.
  await expect(page.getByText('Registration received. We will send you a text message shortly. Please sign in to the parent portal.')).toBeVisible();
  const toastAt = Date.now();
  // The form is reset and the app waits 2 seconds before going on.
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/register$/);
  await page.waitForURL(/\/parent-login$/, { timeout: 5000 });
  expect(Date.now() - toastAt).toBeGreaterThan(1000);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('family-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/parent$/);
  const card = page.getByRole('article', { name: `${firstName} Yousif Khalil` });
  await expect(card).toBeVisible();
  await expect(card.getByText(/ID: STU-\d{4}-\d{5}/)).toBeVisible();
  await expect(card.getByText('Demo International School')).toBeVisible();
  await expect(card.getByText('KG2 B')).toBeVisible();
  await expect(card.getByText('School to Home')).toBeVisible();
  await expect(card.getByText('30.00 BHD')).toBeVisible();
  await expect(card.getByText('Driver Not Assigned')).toHaveCount(2);
  await expect(card.getByText('Riffa')).toBeVisible();
  await expect(card.getByText('Block 905, Road 512, House/Building 77')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
});
