import { expect, test, type Page } from '@playwright/test'
import { AUTH_URL } from './support'

// Public pages never load Firebase or the signed-in area's code; /app pages do.
const FIREBASE_MARKER = 'identitytoolkit.googleapis.com'

/** From now on, whether a script the page loaded holds Firebase. */
function watchFirebase(page: Page) {
  const bodies: string[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      bodies.push(await response.text().catch(() => ''))
  })
  return () => bodies.some((body) => body.includes(FIREBASE_MARKER))
}

async function scriptsLoaded(page: Page, path: string) {
  const firebase = watchFirebase(page)
  const authCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(AUTH_URL)) authCalls.push(request.url())
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return { firebase: firebase(), authCalls }
}

/** The login page, loaded and quiet; whether Firebase has come since. */
async function loginPageWatchingFirebase(page: Page) {
  const firebase = watchFirebase(page)
  await page.goto('/app/login')
  await page.waitForLoadState('networkidle')
  return firebase
}

test('a public page loads no Firebase and never calls the identity service', async ({ page }) => {
  const { firebase, authCalls } = await scriptsLoaded(page, '/pagina-publica-inexistente')
  await expect(page.getByTestId('status-message')).toBeVisible()
  expect(firebase).toBe(false)
  expect(authCalls).toEqual([])
})

test('the signed-in area loads Firebase on demand: on the login page, once the visitor starts using it', async ({
  page,
}) => {
  const firebase = await loginPageWatchingFirebase(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  // The form shows and takes typing without it; signing in needs it.
  expect(firebase()).toBe(false)
  await page.getByRole('form', { name: 'Entrar com e-mail e senha' }).getByLabel('E-mail').focus()
  await expect.poll(firebase).toBe(true)
})

test('the login page loads Firebase at the first press anywhere on it, not only in a field', async ({
  page,
}) => {
  const firebase = await loginPageWatchingFirebase(page)
  expect(firebase()).toBe(false)
  // A press on the heading: nothing the painted page records, but the visitor is using the page
  // (a press on "Entrar com Google" next must open its popup within seconds).
  await page.getByRole('heading', { level: 1, name: 'Entrar' }).click()
  await expect.poll(firebase).toBe(true)
})
