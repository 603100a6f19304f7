import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { profileMessages } from '../../src/schemas/profile'
import { emulatorHost, signIn, startTestServer, type TestServer } from './harness'

// The profile photo: PUT /users/{id}/photo (multipart `photo`), served publicly under an address
// that changes with each photo, and set as the identity service's photoURL.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA = 'ana@contabil.dev'
const png = readFileSync(path.resolve(import.meta.dirname, '../fixtures/profile-photo.png'))

/** The identity service's photoURL of ana, as her own token reads it. */
async function photoUrlOfAna(): Promise<string | undefined> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: await signIn(ANA) }),
    },
  )
  const body = (await response.json()) as { users: { photoUrl?: string }[] }
  return body.users[0]?.photoUrl
}

const photoForm = (bytes: Uint8Array, type = 'image/png', name = 'foto.png') => {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

describe('profile photo', () => {
  it('stores the photo, serves it, and sets it as the photoURL', async () => {
    const res = await server.call('PUT', '/users/uid-ana/photo', {
      as: ANA,
      raw: photoForm(png),
    })
    expect(res.status).toBe(200)
    const url = new URL(res.body.data.photoUrl)
    expect(url.pathname).toMatch(/^\/users\/uid-ana\/photo\/[a-f0-9]{16}\.png$/)
    const served = await server.call('GET', url.pathname)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(await photoUrlOfAna()).toBe(res.body.data.photoUrl)

    const removed = await server.call('DELETE', '/users/uid-ana/photo', { as: ANA })
    expect(removed.body.data.photoUrl).toBeNull()
    expect((await server.call('GET', url.pathname)).status).toBe(404)
    expect(await photoUrlOfAna()).toBeUndefined()
  })

  it('refuses what is not a JPG, PNG or WebP image, whatever the browser says', async () => {
    const res = await server.call('PUT', '/users/uid-ana/photo', {
      as: ANA,
      raw: photoForm(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/png'),
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(profileMessages.photoType)
  })

  it('refuses a photo over 2 MB', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10)
    big.set(png.subarray(0, 8))
    const res = await server.call('PUT', '/users/uid-ana/photo', { as: ANA, raw: photoForm(big) })
    expect(res.status).toBe(413)
    expect(res.body.message).toBe(profileMessages.photoTooLarge)
  })

  it("refuses another person's photo", async () => {
    const res = await server.call('PUT', '/users/uid-ana/photo', {
      as: 'bruno@contabil.dev',
      raw: photoForm(png),
    })
    expect(res.status).toBe(403)
  })
})
