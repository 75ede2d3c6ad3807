import type { Page } from '@playwright/test'

/** What a user does on the OIDC stand-in's login page (the popup, or any window sent there): types an email and continues. */
export async function signInAtStandIn(popup: Page, email: string) {
  await popup.waitForURL(/oidc\.localhost/)
  await popup.locator('#email').fill(email)
  await popup.getByRole('button', { name: 'Continue' }).click()
}
