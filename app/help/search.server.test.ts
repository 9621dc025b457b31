import { describe, expect, it } from 'vitest'
import { searchHelp } from './search.server'

const slugs = (query: string, limit?: number) => searchHelp(query, limit).map((hit) => hit.slug)

describe('searchHelp, on the articles in docs/help', () => {
  it('finds the rehost article first for "rehost"', () => {
    expect(slugs('rehost')[0]).toBe('rehost-a-licence-server')
  })

  it('forgives a typo: "licence fle" finds how to download a licence file', () => {
    expect(slugs('licence fle')[0]).toBe('download-a-licence-file')
  })

  it('searches by the start of a word: "thresh" finds the threshold article', () => {
    expect(slugs('thresh')[0]).toBe('set-an-elastic-credit-threshold')
  })

  it('reads a question in the user’s own words, in either spelling of licence', () => {
    expect(slugs('how do I add a contact')[0]).toBe('give-someone-portal-access')
    expect(slugs('download license file')[0]).toBe('download-a-licence-file')
    expect(slugs('why was my checkout denied')[0]).toBe('find-why-a-web-checkout-was-denied')
    expect(slugs('ip whitelist')).toContain('add-an-ip-rule')
  })

  it('gives each hit its title, summary, address and a score, best first, at most `limit`', () => {
    const hits = searchHelp('statement pdf', 2)
    expect(hits).toHaveLength(2)
    expect(hits[0]).toEqual({
      slug: 'read-a-statement',
      title: 'Read a statement and download its PDF',
      href: '/help/read-a-statement',
      summary: expect.stringMatching(/PDF\.$/),
      score: expect.any(Number),
    })
    expect(hits[0].score).toBeGreaterThan(hits[1].score)
    expect(searchHelp('csv')).toHaveLength(5)
  })

  it('finds nothing for an empty search or for words no article has', () => {
    expect(searchHelp('   ')).toEqual([])
    expect(searchHelp('zyxwvu qqqq')).toEqual([])
  })
})
