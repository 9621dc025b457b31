/**
 * What a browser sends when it follows a link to a page or file: node:http, because fetch sets
 * its own Fetch Metadata headers.
 */
import http from 'node:http'

export interface PageLoad {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export function pageLoad(serverUrl: string, cookie: string, path: string): Promise<PageLoad> {
  const { hostname, port } = new URL(serverUrl)
  const headers = { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path, headers }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}
