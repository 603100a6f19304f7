import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { apiHostCheck, hostCheck, hostOf } from '../../mock-server/network'

// The Host check against DNS rebinding (mock-server/network.ts): which spellings of a Host name
// this machine, and which names a server opened beyond loopback (MOCK_HOST) also answers.

const request = (host: string | undefined, localPort = 3000) => ({
  headers: host === undefined ? {} : { host },
  socket: { localPort } as never,
})

describe('hostOf', () => {
  it('reads a name and a port, nothing else', () => {
    expect(hostOf('localhost:3000')).toEqual({ name: 'localhost', port: 3000 })
    expect(hostOf('LOCALHOST:3000')).toEqual({ name: 'localhost', port: 3000 })
    expect(hostOf('[::1]:3000')).toEqual({ name: '[::1]', port: 3000 })
    expect(hostOf('example.com')).toEqual({ name: 'example.com', port: 80 })
    // 127.1 is 127.0.0.1 to every resolver: judged by what it means.
    expect(hostOf('127.1:3000')).toEqual({ name: '127.0.0.1', port: 3000 })
    for (const bad of [
      undefined,
      '',
      'user@localhost:3000',
      'localhost:3000/x',
      'a b',
      'localhost:99999',
    ])
      expect(hostOf(bad), String(bad)).toBeNull()
  })
})

describe('hostCheck', () => {
  const loopbackOnly = hostCheck({})

  it('lets loopback names through on the port the request came in on only', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '127.0.0.2:3000'])
      expect(loopbackOnly(request(host)), host).toBe(true)
    for (const host of ['localhost:3001', 'localhost', 'evil.example:3000', 'localhost.:3000'])
      expect(loopbackOnly(request(host)), host).toBe(false)
    expect(loopbackOnly(request(undefined))).toBe(false)
  })

  it('lets the configured public URL through, and MOCK_HOST’s own address', () => {
    const api = apiHostCheck({
      port: 3000,
      hosts: ['192.0.2.5'],
      publicUrl: 'https://api.contabil.example',
    })
    expect(api(request('api.contabil.example:443', 3000))).toBe(true)
    expect(api(request('192.0.2.5:3000'))).toBe(true)
    expect(api(request('192.0.2.6:3000'))).toBe(false)
    expect(api(request('rebind.evil.example:3000'))).toBe(false)
  })

  it("a server opened to every interface answers this machine's own addresses", () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .filter((info) => info?.family === 'IPv4')
      .sort((a, b) => Number(a!.internal) - Number(b!.internal))[0]!.address
    const wide = apiHostCheck({
      port: 3000,
      hosts: ['0.0.0.0'],
      publicUrl: 'http://localhost:3000',
    })
    expect(wide(request(`${own}:3000`))).toBe(true)
    expect(wide(request('203.0.113.9:3000'))).toBe(false)
    expect(wide(request('rebind.evil.example:3000'))).toBe(false)
  })
})
