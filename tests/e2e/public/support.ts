import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'

// Helpers for the public site's specs. Reference data comes from the fixtures the mock serves.

type Municipality = { ibgeCode: string; name: string; state: string }
type Subclass = { code: string; formatted: string; text: string; isAllowedMei: boolean }

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8')) as T

export const municipalities = () => fixture<Municipality[]>('reference/municipalities.json')
export const subclasses = () => fixture<Subclass[]>('reference/cnae-subclasses.json')

const slugify = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

export const citySlugOf = (city: Municipality) =>
  `${slugify(city.name)}-${city.state.toLowerCase()}`
export const cnaeSlugOf = (cnae: Subclass) => `${cnae.code}-${slugify(cnae.text)}`

/** n entries spread over the list (a different sample each day, the same within a run). */
export function sample<T>(list: T[], n: number, seed = Math.floor(Date.now() / 86_400_000)): T[] {
  const picked: T[] = []
  let state = seed % 2147483647 || 1
  while (picked.length < n) {
    state = (state * 48271) % 2147483647
    const item = list[state % list.length]!
    if (!picked.includes(item)) picked.push(item)
  }
  return picked
}

/** Title, description, canonical address and Open Graph of the page. */
export async function expectSeo(page: Page, path: string, title: RegExp | string) {
  await expect(page).toHaveTitle(title)
  const head = page.locator('head')
  await expect(head.locator('meta[name="description"]').last()).toHaveAttribute('content', /.{40,}/)
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  )
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /Contabil/)
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  )
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/og-image\.png$/,
  )
}
