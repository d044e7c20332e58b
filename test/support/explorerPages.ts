import type { Page } from 'playwright-core';

/** The explorer at `baseUrl`, signed in with a key as a person does it: paste it, press Use. */
export async function signInExplorer(page: Page, baseUrl: string, key: string): Promise<void> {
  await page.goto(`${baseUrl}/explorer`);
  await page.getByRole('status').filter({ hasText: 'Paste an API key' }).waitFor();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Use' }).click();
}

/** Waits until the chart's label tells it drew what `text` names (`candles`, `weekly candles`, …). */
export const chartShows = (page: Page, text: string) =>
  page.waitForFunction((words) => document.getElementById('chart')!.getAttribute('aria-label')!.includes(words), text);

/**
 * The API reference at `baseUrl` sending its first operation (basic information, its example 600519 and
 * 000001.SZ) with a key pasted under Authentication, once the answer's 200 is shown.
 */
export async function sendFromReference(page: Page, baseUrl: string, key: string): Promise<void> {
  await page.goto(`${baseUrl}/reference`);
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  await page.locator('input.scalar-password-input').last().fill(key);
  await page.keyboard.press('Control+Enter');
  await page.getByText('200 OK').waitFor();
}
