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
  // The engine refuses a prompt with a word on its sensitive list (403), through the real proxy: the
  // studio says so in plain words and the prompt stays in the box.
  await studio.prompt.fill('a nsfw portrait in the rain');
  await studio.generateButton.click();
  await expect(page.getByRole('alert')).toHaveText(/The prompt was refused by the content filter/);
  await expect(studio.prompt).toHaveValue('a nsfw portrait in the rain');
});
