import { expect, test } from '@playwright/test';
import { makePng } from './support/images';
import { StudioPage, uniqueWord } from './support/studio-page';

test('animate an image and watch the video play', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const source = uniqueWord('jellyfish');
  const card = await studio.generate(`${source} drifting in dark water`, source);
  await studio.waitForStatus(card, 'completed');

  const lightbox = await studio.openImage(card, 1);
  const form = await studio.imageAction(lightbox, 'Animate');
  // The cost follows the options: four 480p videos, then 720p, then one video.
  await expect(form.getByTestId('operation-cost')).toHaveText('480 points');
  await form.getByRole('radio', { name: '720p' }).check();
  await expect(form.getByTestId('operation-cost')).toHaveText('1536 points');
  await form.getByRole('radio', { name: '480p' }).check();
  await form.getByRole('radio', { name: '1', exact: true }).check();
  await expect(form.getByTestId('operation-cost')).toHaveText('120 points');
  await form.getByRole('radio', { name: 'High' }).check();
  await form.getByRole('checkbox', { name: /Loop/ }).check();
  const motionWord = uniqueWord('pulse');
  await form.getByRole('textbox', { name: /Motion prompt/ }).fill(`slow ${motionWord}`);
  await studio.shot('animate form');
  await form.getByRole('button', { name: 'Animate', exact: true }).click();
  await expect(form).toBeHidden();

  const video = studio.job(motionWord);
  await expect(video).toHaveAccessibleName(new RegExp(`${motionWord} --motion high --loop --bs 1`));
  await studio.waitForStatus(video, 'completed', 45_000);
  await video.getByRole('button', { name: 'Video 1' }).click();
  const player = page.getByRole('dialog', { name: /^Video 1/ }).locator('video');
  await expect(player).toHaveAttribute('loop', '');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const first = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .not.toBe(first);
  await studio.shot('video playing in the lightbox');
});

test('a video from an uploaded file (the `[url] prompt` method)', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  await page.getByRole('tab', { name: 'Video' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Video' });
  await panel.getByLabel('Upload source image').setInputFiles({
    name: 'start.png',
    mimeType: 'image/png',
    buffer: await makePng(512, 512),
  });
  await expect(panel.getByRole('img', { name: 'Chosen source image' })).toBeVisible();
  const word = uniqueWord('tide');
  await panel.getByRole('textbox', { name: 'Motion prompt' }).fill(`a ${word} rolling in`);
  await panel.getByRole('radio', { name: '1', exact: true }).check();
  await expect(panel.getByTestId('operation-cost')).toHaveText('120 points');
  await panel.getByRole('button', { name: 'Create video' }).click();

  const card = studio.job(word);
  // The prompt the service gets starts with the uploaded image's absolute URL.
  await expect(card).toHaveAccessibleName(
    new RegExp(`^Animate: http://127\\.0\\.0\\.1:\\d+/files/\\S+ a ${word} rolling in --bs 1`),
  );
  await studio.waitForStatus(card, 'completed', 45_000);
  await expect(card.getByRole('button', { name: 'Video 1' })).toBeVisible();
});
