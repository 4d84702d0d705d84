import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

// The embedded engine fails any job whose prompt holds the word `failtest` (server/engine/failure.ts).
test('a failed job says why and Retry sends the same inputs again', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('storm');
  const card = await studio.generate(`${word} over the sea failtest`, word);
  await studio.waitForStatus(card, 'failed');
  await expect(card.getByTestId('failure-reason')).toContainText('The job failed');
  await expect(card.getByTestId('failure-reason')).toContainText('failtest');
  await studio.shot('failed job');

  await card.getByRole('button', { name: 'Retry' }).click();
  // A second job with exactly the same prompt appears, and it runs to its end.
  await expect(studio.job(word)).toHaveCount(2);
  for (const job of await studio.job(word).all()) await studio.waitForStatus(job, 'failed');
});

test('a request error is shown in plain words and keeps what was typed', async ({ page }) => {
  const studio = new StudioPage(page);
  await studio.goto();
  // The server refuses the prompt (403): the studio says so and the prompt stays in the box.
  await page.route('**/api/v1/diffusion', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 403, message: 'sensitive content', raw_message: '', detail: null }),
    }),
  );
  await studio.prompt.fill('a portrait in the rain');
  await studio.generateButton.click();
  await expect(page.getByRole('alert')).toHaveText(/The prompt was refused by the content filter/);
  await expect(studio.prompt).toHaveValue('a portrait in the rain');
});
