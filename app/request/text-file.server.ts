/**
 * Plain-text replies of resource routes: a file downloaded under its own name,
 * or a refusal's message. Always plain text (and, as every reply of the server,
 * with X-Content-Type-Options: nosniff), so no stored file can act as a page of
 * the portal; never cached, as each is one customer's data.
 */
import { attachmentDisposition } from '../view/file-download'

const TEXT_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }

export function textFile(content: string, fileName: string): Response {
  return new Response(content, { headers: { ...TEXT_HEADERS, 'Content-Disposition': attachmentDisposition(fileName) } })
}

export function plainText(message: string, status: number): Response {
  return new Response(message, { status, headers: TEXT_HEADERS })
}
