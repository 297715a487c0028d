import { createHmac } from 'node:crypto';
import { expect, test } from '../../fixtures/test.js';
import { adminTab, openAdminTab, uniquePhone } from '../../fixtures/admin.js';
import { E2E_WEBHOOK_SECRET, startGateway } from '../../fixtures/gateway.js';
import { newestAutomatedIdOf } from '../../fixtures/students.js';

test('the admin sees a registration’s message in the Outbox and sends a failed one again', async ({ page, server }) => {
  const gateway = await startGateway(server.gatewayPort, 503);
  try {
    // A parent registers: the server's worker tries to send the student ID, and the gateway is down.
    const phone = uniquePhone();
    const parentEmail = `outbox-${Date.now()}@example.com`;
    const meta = (await (await page.request.get('/api/meta')).json()) as { schools: { id: string }[]; areas: { id: string }[] };
    const { id: termsVersionId } = (await (await page.request.get('/api/terms')).json()) as { id: string };
    const registered = await page.request.post('/api/registrations', {
      data: {
        schoolId: meta.schools[0]!.id,
        areaId: meta.areas[0]!.id,
        firstName: 'Outbox',
        fathersName: 'Check',
        lastName: 'Student',
        grade: '2',
        studentSchoolId: `E2E-OB-${Date.now()}`,
        parentName: 'Outbox Parent',
        parentEmail,
        parentPhone: phone,
        password: 'parent-pass',
        serviceType: 'BOTH',
        block: '1',
        road: '2',
        houseBuilding: '3',
        termsAccepted: true,
        termsVersionId,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const automatedId = await newestAutomatedIdOf(server.url, parentEmail, 'parent-pass');
    // Only the registration's message: from the 26th the new family's next month is due, and a fee
    // reminder may go to the same phone.
    const registrationCalls = () => gateway.calls.filter((call) => call.body.to === `+973${phone}` && call.body.templateKey === 'registration_received');
    await expect.poll(() => registrationCalls().length, { timeout: 15_000 }).toBe(2);

    await openAdminTab(page, 'Dashboard');
    const outboxNav = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: /^Outbox/ });
    // The badge counts failed messages.
    await expect(outboxNav).toHaveText(/^Outbox[1-9]\d*$/);
    await adminTab(page, 'Outbox');

    await page.getByLabel('Recipient').fill(phone);
    await page.getByRole('combobox', { name: 'Message type' }).click();
    await page.getByRole('option', { name: 'Registration received' }).click();
    const row = page.getByRole('row', { name: new RegExp(phone) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Registration received');
    await expect(row).toContainText(`Student ID: ${automatedId}`);
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('2 of 2');
    await expect(row).toContainText('Gateway answered 503');

    // The gateway is back; the admin retries the message.
    gateway.answer(200);
    await row.getByRole('button', { name: `Retry the message to ${phone}` }).click();
    await expect(page.getByText('Message queued again')).toBeVisible();
    await expect.poll(() => registrationCalls().filter((call) => call.status === 200).length, { timeout: 15_000 }).toBe(1);
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText('Sent', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(row).toContainText('1 of 2');
    await expect(row.getByRole('button', { name: /Retry/ })).toHaveCount(0);

    // What the gateway received: the rendered text, signed with the shared secret.
    const delivered = registrationCalls().find((call) => call.status === 200)!;
    expect(delivered.body).toMatchObject({ channel: 'sms', templateKey: 'registration_received', text: expect.stringContaining(`Student ID: ${automatedId}`) });
    expect(delivered.headers['x-outbox-signature']).toBe(`sha256=${createHmac('sha256', E2E_WEBHOOK_SECRET).update(delivered.raw).digest('hex')}`);
    expect(delivered.headers['idempotency-key']).toBe(delivered.body.id);

    // Filtering by status on the server.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page.getByRole('row', { name: new RegExp(phone) })).toHaveCount(0);
    await expect(page.getByText('No message matches these filters.')).toBeVisible();
  } finally {
    await gateway.close();
  }
});
