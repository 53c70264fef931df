import { expect, test } from '@playwright/test';

test('help centre search and category filters combine over the eight FAQ entries', async ({
  page,
}) => {
  await page.goto('/support');
  const entries = page.getByTestId('faq-entry');
  const filter = (name: string) =>
    page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name, exact: true });
  await expect(entries).toHaveCount(8);

  for (const [name, count] of [
    ['Getting Started', 2],
    ['Technical', 3],
    ['Billing', 2],
    ['Compliance', 1],
    ['All', 8],
  ] as const) {
    await filter(name).click();
    await expect(filter(name)).toHaveAttribute('aria-pressed', 'true');
    await expect(entries).toHaveCount(count);
  }

  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  // Matches answers as well as questions, whatever the case: "HEIC" is only in an answer.
  await search.fill('heic');
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: 'Why was my photo rejected?' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'What kind of photo should I upload?' })).toHaveCount(1);
  await search.fill('CANCEL');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Can I cancel at any time?');

  await filter('Technical').click();
  await expect(entries).toHaveCount(0);
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(
    page.getByText('Try adjusting your search terms or browse all categories.'),
  ).toBeVisible();

  await filter('Billing').click();
  await expect(entries).toHaveCount(1);
  await search.fill('');
  await expect(entries).toHaveCount(2);
});

test('FAQ entries expand and collapse, and the help cards lead where they say', async ({
  page,
}) => {
  await page.goto('/support');
  const question = page.getByRole('button', { name: /Do you store my patients’ photos\?/ });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/deleted as soon as it ends/)).toBeVisible();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'false');

  const community = page.getByRole('link', { name: /Visit Community/ });
  await expect(community).toHaveAttribute('target', '_blank');
  await expect(community).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('heading', { name: 'Direct Support' })).toBeVisible();
  await expect(page.getByText('Monday-Friday, 9 AM-6 PM PST')).toBeVisible();
  await expect(page.getByText(/Enterprise customers/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Critical Issue/ })).toBeVisible();

  await page.getByRole('button', { name: 'Start Chat' }).click();
  await expect(page.getByRole('status').filter({ hasText: /email/ })).toBeVisible();

  await page.getByRole('link', { name: 'Read the Docs' }).click();
  await expect(page).toHaveURL(/\/documentation$/);
});
