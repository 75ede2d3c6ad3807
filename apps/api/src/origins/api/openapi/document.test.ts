import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { openApiDocument } from './document'

describe('openApiDocument', () => {
  it('turns route schemas into OpenAPI parameters, bodies and responses', () => {
    const doc = openApiDocument(
      [
        {
          method: 'get',
          path: '/v1/account/{address}/balance',
          summary: 'Balances',
          params: z.object({ address: z.string() }),
          query: z.object({ chainId: z.string(), forceUpdate: z.string().optional() }),
          response: z.object({ balances: z.array(z.object({ symbol: z.string() })) }),
        },
        { method: 'post', path: '/v1/profile/account', summary: 'Register', body: z.object({ name: z.string() }) },
      ],
      { title: 'Airlock API', version: '1', server: 'http://api.localhost:4403' },
    )
    const balance = doc.paths['/v1/account/{address}/balance']!.get as { parameters: { name: string; in: string; required: boolean }[] }
    expect(balance.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['address', 'path', true],
      ['projectId', 'query', true],
      ['st', 'query', false],
      ['sv', 'query', false],
      ['chainId', 'query', true],
      ['forceUpdate', 'query', false],
    ])
    expect(doc.paths['/v1/profile/account']!.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['name'] } } } },
    })
    expect(doc.openapi).toBe('3.1.0')
  })
})
