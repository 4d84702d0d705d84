import { expect, test } from '@playwright/test';

test('the studio loads and offers the prompt box', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();
});

test('the server answers its health check', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.ok()).toBe(true);
});
