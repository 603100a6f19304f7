import path from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { firstPaintNames } from '@/lib/landing'
import { buildPaintedPageScript } from '../../scripts/vite/painted-page-script'

// app.html's inline script is compiled at build from TypeScript (src/entries/painted-page and
// src/lib/landing.ts): no hand-written JavaScript. The compiled script, run by a browser-like
// page as app.html holds it, paints what the TypeScript module decides.

const root = path.resolve(import.meta.dirname, '../..')
const USER_KEY = 'firebase:authUser:test-key:[DEFAULT]'
let script: string

beforeAll(async () => {
  script = await buildPaintedPageScript(root)
}, 60_000)

function page(address: string, signedIn: boolean) {
  const templates = firstPaintNames
    .map((name) => `<template id="first-paint-${name}"><p data-painted="${name}"></p></template>`)
    .join('')
  const dom = new JSDOM(
    `<!doctype html><body><div id="root"></div>${templates}<script data-user-key="${USER_KEY}">${script}</script></body>`,
    {
      url: `http://localhost${address}`,
      runScripts: 'dangerously',
      beforeParse(window) {
        if (signedIn) window.localStorage.setItem(USER_KEY, '{}')
      },
    },
  )
  return dom.window
}

const painted = (window: Window) =>
  window.document.querySelector('#root [data-painted]')?.getAttribute('data-painted') ?? null

describe('the compiled painted-page script', () => {
  it('is one classic script without imports', () => {
    expect(script).not.toMatch(/^\s*import\s|\bexport\s/m)
    expect(script.length).toBeLessThan(4_000)
  })

  it.each([
    ['/app/login', false, 'login'],
    ['/app/panel', false, 'login-next'],
    ['/app/panel', true, 'shell'],
    ['/app/wizard/company-opening', true, 'shell-narrow'],
    ['/app/login?mode=signup', false, 'signup'],
    ['/links/ana', false, null],
  ])('%s (signed in: %s) paints %s', (address, signedIn, expected) => {
    const window = page(address, signedIn)
    expect(painted(window as unknown as Window)).toBe(expected)
    window.close()
  })

  it('records a form sent by its replay name, and keeps the browser from sending it', () => {
    const window = page('/app/login', false)
    const document = window.document
    document.querySelector('#root')!.innerHTML = '<form data-replay="sign-in"></form>'
    const sent = new window.Event('submit', { bubbles: true, cancelable: true })
    document.querySelector('form')!.dispatchEvent(sent)
    expect(sent.defaultPrevented).toBe(true)
    expect((window as unknown as Window).__firstPaint?.submit).toBe('sign-in')
    window.close()
  })
})
