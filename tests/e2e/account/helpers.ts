import { mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import { API_URL, AUTH_URL, passwordOf } from '../support'

// Helpers of the panel and account specs: API calls as a demo user (to check what a screen shows
// against the data), axe, and the screenshots of SCREENSHOT_DIR.

/** An ID token from the Auth emulator, for calling the mock API directly. */
export async function tokenOf(email: string, password = passwordOf(email)): Promise<string> {
  const response = await fetch(
    `${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`no token for ${email}: ${JSON.stringify(body)}`)
  return body.idToken
}

/** GET on the mock API as `email`; the answer's JSON. */
export async function apiGet<T>(email: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${API_URL}${pathAndQuery}`, {
    headers: { Authorization: `Bearer ${await tokenOf(email)}` },
  })
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`)
  return (await response.json()) as T
}

/** Every page of a `{ data, total }` list. */
export async function apiGetAll<T>(email: string, pathAndQuery: string): Promise<T[]> {
  const all: T[] = []
  const token = await tokenOf(email)
  for (let offset = 0; ; offset += 100) {
    const separator = pathAndQuery.includes('?') ? '&' : '?'
    const response = await fetch(
      `${API_URL}${pathAndQuery}${separator}limit=100&offset=${offset}`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    )
    const body = (await response.json()) as { data: T[]; total: number }
    all.push(...body.data)
    if (all.length >= body.total || body.data.length === 0) return all
  }
}

/** axe on the page as it is now: nothing found. */
export async function expectNoAxeViolations(page: Page, name: string) {
  // Colours are read as painted: a toast or a dialog still fading in has a contrast it never
  // keeps. Wait for the running transitions and finite animations to end (a pulsing "waiting"
  // mark loops forever and does not count).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined)
  // A toast can still start fading in between that wait and the analysis: what axe finds must
  // hold once the page has settled, so a finding is looked at again, up to three times a second
  // apart, before it fails the test.
  const findings = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  let found = await findings()
  for (let again = 0; found.length > 0 && again < 3; again++) {
    await page.waitForTimeout(1_000)
    found = await findings()
  }
  expect(found, `axe on ${name}`).toEqual([])
}

const shots = process.env.SCREENSHOT_DIR
if (shots) mkdirSync(shots, { recursive: true })

/**
 * A full-page PNG in SCREENSHOT_DIR (when set), named after the screen and the width; with
 * `part`, only that part of the page (a card to read at full size).
 */
export async function screenshot(page: Page, name: string, part?: Locator) {
  if (!shots) return
  const width = page.viewportSize()?.width ?? 0
  const file = path.join(shots, `${name}-${width}.png`)
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }))
}

/**
 * The page does not scroll sideways (the layout holds at 390 px). Measured until it holds for up
 * to 3 s: right after a viewport change, a chart redraws at the new width on its next resize
 * observation, not at once.
 */
export async function expectNoSidewaysScroll(page: Page, name: string) {
  await expect(async () => expect(await sidewaysOverflow(page, name)).toBe('')).toPass({
    timeout: 3_000,
  })
}

/** '' when nothing reaches past the right edge; else what does and by how much. */
async function sidewaysOverflow(page: Page, name: string) {
  const { overflow, widest } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // The innermost elements that reach past the right edge: what to fix.
    // Inside a box that clips or scrolls, an element cannot widen the page, unless it is
    // positioned out of it (absolute, with no positioned box in between).
    const clipped = (element: Element) => {
      let escapes = getComputedStyle(element).position === 'absolute'
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up)
        if (style.overflowX !== 'visible' && !escapes) return true
        if (style.position !== 'static') escapes = false
      }
      return false
    }
    const widest = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => !clipped(element))
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
    return { overflow: document.documentElement.scrollWidth - width, widest }
  })
  return overflow <= 0 ? '' : `${name} scrolls sideways by ${overflow} px: ${widest.join(', ')}`
}

/** Types into a masked field as a person would: select what is there, erase, type. */
export async function retype(field: Locator, text: string) {
  await field.click()
  await field.press('ControlOrMeta+a')
  await field.press('Backspace')
  await field.pressSequentially(text)
}
