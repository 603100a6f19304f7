import http from 'node:http'

/**
 * A request with headers `fetch` will not send as given (a foreign `Host`, a browser's Fetch
 * Metadata), answered as text. Not checked against the OpenAPI document (harness.ts's `fetch`
 * wrapper is not involved).
 */
export function rawRequest(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
