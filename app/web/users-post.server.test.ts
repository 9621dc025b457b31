import { describe, expect, it } from 'vitest'
import { readUsersPost } from './users-post.server'

const URL = 'http://portal.test/webassignments/users?customer=1000001'

function multipart(fields: Record<string, string | File>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return new Request(URL, { method: 'POST', body })
}

describe('readUsersPost', () => {
  it('reads an uploaded file and the other fields of a multipart import', async () => {
    const csv = 'email,name\nann@acme.example,Ann\n'
    const read = await readUsersPost(multipart({ intent: 'import', file: new File([csv], 'users.csv'), csv: '' }))
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.form.get('intent')).toBe('import')
    const file = read.form.get('file')
    expect(file).toBeInstanceOf(File)
    expect(await (file as File).text()).toBe(csv)
    expect((file as File).name).toBe('users.csv')
  })

  it('stops at a part larger than the limit', async () => {
    const big = new File(['x'.repeat(101)], 'big.csv')
    expect(await readUsersPost(multipart({ intent: 'import', file: big }), 100)).toEqual({ ok: false, tooLarge: true })
    expect(await readUsersPost(multipart({ intent: 'import', csv: 'y'.repeat(101) }), 100)).toEqual({
      ok: false,
      tooLarge: true,
    })
    const fits = await readUsersPost(multipart({ intent: 'import', file: new File(['x'.repeat(100)], 'ok.csv') }), 100)
    expect(fits.ok).toBe(true)
  })

  it('reads a plain form as it is', async () => {
    const body = new URLSearchParams({ intent: 'add', email: 'ann@acme.example', name: 'Ann' })
    const read = await readUsersPost(new Request(URL, { method: 'POST', body }))
    expect(read.ok && Object.fromEntries(read.form)).toEqual({ intent: 'add', email: 'ann@acme.example', name: 'Ann' })
  })
})
