import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { OpenApiDocument } from '../../mock-server/openapi'
import { API_URL } from './support'

// The API's docs page on the mock server (GET /docs): it works with nothing but this machine
// (every request to another host is blocked and counted, and none may be tried), lists every
// operation of the document under its resource as docs/api.md groups them, and a "Try it out" of
// GET /companies/me with ana's token, from the page's own sign-in, answers her company.

const shots = process.env.SCREENSHOT_DIR
if (shots) mkdirSync(shots, { recursive: true })

const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

for (const width of [1280, 390]) {
  test(`the docs page lists every endpoint and tries GET /companies/me as ana, offline (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const foreign: string[] = []
    await page.context().route('**/*', (route) => {
      const url = new URL(route.request().url())
      if (url.protocol === 'data:' || loopback.has(url.hostname)) return route.continue()
      foreign.push(url.href)
      return route.abort('blockedbyclient')
    })
    const refused: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text())
    })

    const contract = (await (
      await request.get(`${API_URL}/openapi.json`)
    ).json()) as OpenApiDocument
    await page.goto(`${API_URL}/docs`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Contabil — API simulada' }),
    ).toBeVisible()

    // Every resource, in docs/api.md's order, with each of its operations. Swagger UI keeps only
    // the operations near the screen in the page once a document has 150 tags and operations or
    // more (a virtual list), so the page is read from top to bottom as a person scrolls it.
    await expect(page.locator('.opblock-tag').first()).toBeVisible()
    const seenTags: string[] = []
    const seenOperations = new Set<string>()
    for (let top = 0; ; top += 400) {
      await page.evaluate((y) => window.scrollTo(0, y), top)
      await page.waitForTimeout(60)
      const seen = await page.evaluate(() => ({
        tags: [...document.querySelectorAll<HTMLElement>('.opblock-tag')].map((t) => t.dataset.tag),
        operations: [...document.querySelectorAll('.opblock')].map((o) => o.id),
        end: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      }))
      for (const tag of seen.tags) if (tag && !seenTags.includes(tag)) seenTags.push(tag)
      for (const id of seen.operations) seenOperations.add(id)
      if (seen.end) break
    }
    expect(seenTags).toEqual(contract.tags.map((tag) => tag.name))
    const operations = Object.values(contract.paths).flatMap((item) => Object.values(item))
    for (const operation of operations)
      expect(
        seenOperations.has(`operations-${operation.tags[0]}-${operation.operationId}`),
        `${operation.operationId} is listed under ${operation.tags[0]}`,
      ).toBe(true)
    expect(seenOperations.size).toBe(operations.length)
    await page.evaluate(() => window.scrollTo(0, 0))

    // The page's sign-in: ana, the demo account it offers first, with her password filled in.
    const form = page.locator('#sign-in')
    await expect(form.getByLabel('Conta')).toHaveValue('ana@contabil.dev')
    await form.getByRole('button', { name: 'Entrar e autorizar' }).click()
    await expect(page.getByRole('status')).toHaveText(/Autorizado como ana@contabil\.dev/)
    if (shots)
      await page.screenshot({
        path: path.join(shots, `api-docs-top-${width}.png`),
        fullPage: false,
      })

    const listMine = page.locator('#operations-companies-listMyCompanies')
    const execute = listMine.getByRole('button', { name: 'Execute' })
    // The virtual list draws a scroll late on a busy machine, and again when an operation opens:
    // the operation found at one step can be gone at the next drawing (clean-clone runs waited on
    // the click that opens it, and on "Execute"). Found again, opened if it is not (Swagger UI
    // keeps what is open), until "Execute" is clicked.
    await expect(async () => {
      for (let top = 0; (await listMine.count()) === 0 && top < 20_000; top += 300)
        await page.evaluate((y) => window.scrollTo(0, y), top)
      if (!(await execute.isVisible()))
        await listMine.locator('.opblock-summary').click({ timeout: 2_000 })
      await execute.click({ timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    const answer = listMine.locator('.live-responses-table tr.response')
    await expect(answer.locator('.response-col_status')).toHaveText('200')
    await expect(answer.locator('.response-col_description')).toContainText(
      '"name": "Ana Design Ltda"',
    )
    // The call carried ana's token: the curl Swagger UI shows says so.
    await expect(listMine.locator('.curl-command')).toContainText('Authorization: Bearer ey')

    await listMine.scrollIntoViewIfNeeded()
    if (shots)
      await page.screenshot({ path: path.join(shots, `api-docs-${width}.png`), fullPage: false })

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
    expect(foreign, 'requests beyond this machine').toEqual([])
    expect(refused.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([])
  })
}
