import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { CallTable, queryOf } from './call-table'
import { declareCall, type CallMethod } from './contract/define'
import { ApiError } from './envelope'

const declared = (method: CallMethod, path: string, form?: { maxFileBytes: number }) =>
  declareCall({
    method,
    path,
    tag: 'Test',
    summary: path,
    access: method === 'POST' ? 'write' : 'read',
    caller: 'user',
    input: z.object({ id: z.string().optional(), customerNumber: z.string().optional() }),
    reply: z.string(),
    ...(form ? { form: { ...form, fields: { file: 'a file' } } } : {}),
  })

function table() {
  const calls = new CallTable()
  calls.implement(declared('GET', '/getUserDetails'), () => 'details')
  calls.implement(declared('GET', '/getaccountinfo/:customerNumber'), ({ input }) => `info ${input.customerNumber}`)
  calls.implement(declared('POST', '/getemails'), () => 'page')
  calls.implement(declared('POST', '/getemails/count'), () => 'count')
  calls.implement(declared('DELETE', '/emails/:id'), () => 'deleted')
  return calls
}

const found = (method: string, path: string) => {
  const hit = table().find(method, path)
  return hit && { path: hit.call.path, params: hit.params }
}

describe('the call table', () => {
  it('finds a call by method and path, as Express matches: any case, one optional trailing slash', () => {
    expect(found('GET', '/getUserDetails')).toEqual({ path: '/getUserDetails', params: {} })
    expect(found('GET', '/GETUSERDETAILS/')).toEqual({ path: '/getUserDetails', params: {} })
    expect(found('POST', '/getemails/count')).toEqual({ path: '/getemails/count', params: {} })
    expect(found('HEAD', '/getUserDetails')).toEqual({ path: '/getUserDetails', params: {} })
    expect(found('POST', '/getUserDetails')).toBeUndefined()
    expect(found('GET', '/getUserDetails//')).toBeUndefined()
    expect(found('GET', '//getUserDetails')).toBeUndefined()
    expect(found('GET', '/getaccountinfo/')).toBeUndefined()
  })

  it('decodes each path segment, so an escaped slash stays inside its parameter', () => {
    expect(found('GET', '/getaccountinfo/Acme%2FLab')).toEqual({
      path: '/getaccountinfo/:customerNumber',
      params: { customerNumber: 'Acme/Lab' },
    })
    expect(found('DELETE', '/emails/%31%36')).toEqual({ path: '/emails/:id', params: { id: '16' } })
  })

  it('refuses a malformed % escape anywhere in the path as a bad request', () => {
    for (const path of ['/getaccountinfo/%E0%A4%A', '/emails/%zz', '/%', '/get%ZZemails']) {
      expect(() => table().find('GET', path), path).toThrowError(ApiError)
      try {
        table().find('GET', path)
      } catch (error) {
        expect((error as ApiError).status).toBe(400)
      }
    }
  })

  it('marks the calls that take a form with what their form may carry, and no other', () => {
    const calls = table()
    calls.implement(declared('POST', '/uploadserverid', { maxFileBytes: 1024 }), () => 'read')
    expect(calls.find('POST', '/uploadserverid')?.call.form).toEqual({ maxFileBytes: 1024 })
    expect(calls.find('POST', '/getemails')?.call.form).toBeUndefined()
    expect(() => calls.implement(declared('POST', '/uploadserverid'), () => '')).toThrow('declared twice')
  })

  it('refuses to answer one call twice', () => {
    const calls = table()
    expect(() => calls.implement(declared('POST', '/GetEmails'), () => '')).toThrow('POST /GetEmails is declared twice')
  })

  it('hands the handler its input parsed by the declaration: the path parameters with the query', async () => {
    const hit = table().find('GET', '/getaccountinfo/1000001')!
    const user = {} as Parameters<typeof hit.call.handler>[0]['user']
    expect(await hit.call.handler({ body: {}, params: hit.params, query: {}, user })).toBe('info 1000001')
  })

  it('reads a query string, with an array for a name given more than once', () => {
    expect(queryOf('customerNumber=1000001&limit=5&tag=a&tag=b&tag=c')).toEqual({
      customerNumber: '1000001',
      limit: '5',
      tag: ['a', 'b', 'c'],
    })
  })
})
