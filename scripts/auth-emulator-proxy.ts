import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'

// The Auth emulator's pages and the Firebase SDK load Google's iframe loader
// (https://apis.google.com/js/api.js) for popup sign-in, which needs the internet. This proxy sits
// in front of the emulator: it passes every call through unchanged, serves a local stand-in for
// that script at OFFLINE_GAPI_PATH, and points the emulator's helper iframe at it. The web app
// (emulator mode only) loads the same stand-in before a popup sign-in.

export const OFFLINE_GAPI_PATH = '/__offline/gapi.js'
const GOOGLE_GAPI = 'https://apis.google.com/js/api.js'
const standIn = () => readFileSync(path.join(import.meta.dirname, 'emulator/gapi-stand-in.js'))

export function startAuthEmulatorProxy(
  listenPort: number,
  targetPort: number,
): Promise<http.Server> {
  const script = standIn()
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    if (req.method === 'GET' && url.startsWith(OFFLINE_GAPI_PATH)) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': script.length,
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      })
      res.end(script)
      return
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: url, headers: req.headers },
      (answer) => {
        const isIframePage =
          url.startsWith('/emulator/auth/iframe') &&
          /text\/html/.test(String(answer.headers['content-type']))
        if (!isIframePage) {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(GOOGLE_GAPI, OFFLINE_GAPI_PATH)
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(html)) }
          delete headers['content-encoding']
          res.writeHead(answer.statusCode ?? 200, headers)
          res.end(html)
        })
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: 'Auth emulator is not answering' }))
    })
    req.pipe(upstream)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', () => resolve(server))
  })
}
