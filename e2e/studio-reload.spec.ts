import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

test('jobs survive a reload, with their results, favourite and filters', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('greenhouse');
  const card = await studio.generate(`${word} full of ferns`, word);
  await studio.waitForStatus(card, 'completed');
  await card.getByRole('button', { name: 'Favourite' }).click();
  await expect(card.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const again = studio.job(word);
  await studio.waitForStatus(again, 'completed');
  await expect(again.getByRole('button', { name: 'Image 4', exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

  // Find it again: favourites only, then a prompt search.
  await page.getByRole('button', { name: /Favourites/ }).click();
  await expect(again).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(word);
  await expect(page.getByRole('article')).toHaveCount(1);
  await studio.shot('gallery after reload, filtered');
});

test('a job made in another tab appears here by itself and follows to its end (server-sent events)', async ({
  page,
  context,
}) => {
  const here = new StudioPage(page);
  await here.goto();
  const other = new StudioPage(await context.newPage());
  await other.goto();
  const word = uniqueWord('aurora');
  await other.generate(`${word} over a frozen lake`, word);
  // This tab polls no list: only the event stream can tell it about the new job.
  const card = here.job(word);
  await expect(card).toBeVisible();
  await here.waitForStatus(card, 'completed');
  await expect(card.getByRole('button', { name: 'Image 1', exact: true })).toBeVisible();
});
