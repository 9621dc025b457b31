/**
 * The OpenAPI 3.1 document of the licensing API, made from the calls' declarations:
 * each declaration's input schema becomes the request body (POST) or the
 * parameters (GET, DELETE), its reply schema the SUCCESS envelope's `data`, and
 * its access and caller the operation's description and `x-access` / `x-caller`.
 */
import { z } from 'zod'
import { CALLER_TEXT, pathParameters, type AnyCall } from './define'

type JsonSchema = Record<string, unknown>

export interface DocumentInfo {
  /** The API's address, e.g. `http://localhost:3000/api`. */
  serverUrl: string
  version: string
}

const FAILURE = 'Failure'

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema
  return rest
}

/** `/getaccountinfo/:customerNumber` as OpenAPI writes it: `/getaccountinfo/{customerNumber}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** A stable operation id, e.g. `post_fetchUsage_count`. */
export const operationId = (call: Pick<AnyCall, 'method' | 'path'>) =>
  [call.method.toLowerCase(), ...call.path.split('/').filter(Boolean)].join('_').replace(/[^\w]/g, '')

function successSchema(call: AnyCall): JsonSchema {
  const reply = jsonSchema(call.reply, 'output')
  const status = { type: 'string', const: 'SUCCESS' }
  if (call.envelopeFields) {
    return { allOf: [{ type: 'object', properties: { status }, required: ['status'] }, reply] }
  }
  return {
    type: 'object',
    properties: {
      status,
      data: reply,
      ...(call.paged ? { token: { type: 'string', description: 'Send it back to get the next page.' } } : {}),
    },
    required: ['status', 'data'],
  }
}

function parameters(call: AnyCall) {
  const input = jsonSchema(call.input, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  const inPath = new Set(pathParameters(call.path))
  return Object.entries(input.properties ?? {}).map(([name, schema]) => ({
    name,
    in: inPath.has(name) ? 'path' : 'query',
    required: inPath.has(name) || (input.required ?? []).includes(name),
    schema,
  }))
}

function requestBody(call: AnyCall) {
  const json = { 'application/json': { schema: jsonSchema(call.input, 'input') } }
  if (!call.form) return { required: false, content: json }
  const properties = Object.fromEntries(
    Object.entries(call.form.fields).map(([name, description]) => [
      name,
      name === 'file'
        ? { type: 'string', contentMediaType: 'application/octet-stream', description }
        : { type: 'string', description },
    ]),
  )
  return {
    required: false,
    content: {
      ...json,
      'multipart/form-data': {
        schema: { type: 'object', properties, required: ['file'] },
        encoding: { file: { contentType: 'application/octet-stream' } },
      },
    },
    description: `Or a multipart/form-data body with a file of at most ${call.form.maxFileBytes} bytes.`,
  }
}

/** What a call's access means to a caller: the description's last paragraph, and the reference page's badge. */
export const ACCESS_TEXT = { read: 'Only reads: safe to send again.', write: 'Changes data: sent once.' } as const

function description(call: AnyCall) {
  return [call.description, `**Who may call it:** ${CALLER_TEXT[call.caller]}`, `**${ACCESS_TEXT[call.access]}**`]
    .filter(Boolean)
    .join('\n\n')
}

const failureResponse = (text: string) => ({
  description: text,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${FAILURE}` } } },
})

function operation(call: AnyCall) {
  const success = call.file
    ? {
        description: 'The file.',
        content: { [call.file.contentType]: { schema: { type: 'string', contentMediaType: call.file.contentType } } },
      }
    : { description: 'SUCCESS', content: { 'application/json': { schema: successSchema(call) } } }
  return {
    operationId: operationId(call),
    tags: [call.tag],
    summary: call.summary,
    description: description(call),
    'x-access': call.access,
    'x-caller': call.caller,
    ...(call.method === 'POST' ? { requestBody: requestBody(call) } : { parameters: parameters(call) }),
    responses: {
      '200': success,
      '400': failureResponse('The request is not valid: `err` names the field and the rule.'),
      '401': failureResponse('No valid bearer access token.'),
      '403': failureResponse('The caller may not make this call for this customer.'),
      '404': failureResponse('The customer, or what the call names, does not exist.'),
      '500': failureResponse('The service failed; nothing of a write was kept.'),
    },
  }
}

export function openApiDocument(calls: readonly AnyCall[], info: DocumentInfo) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const call of calls) {
    const item = (paths[openApiPath(call.path)] ??= {})
    item[call.method.toLowerCase()] = operation(call)
  }
  const tags = [...new Set(calls.map((c) => c.tag))].map((name) => ({ name }))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Licensing API',
      version: info.version,
      description:
        'The licensing API of the customer licensing portal: accounts, entitlements, activations and licence files, elastic usage and statements, the Flexible Spending Account, the elastic licence server, portal access, e-mails and alerts. Every call needs a bearer access token from the identity provider; every reply is an envelope: `{status: "SUCCESS", data, token?}` or `{status: "FAILURE", err}`.',
    },
    servers: [{ url: info.serverUrl }],
    security: [{ bearer: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "An access token of the identity provider, issued for the API's audience.",
        },
      },
      schemas: {
        [FAILURE]: {
          type: 'object',
          properties: { status: { type: 'string', const: 'FAILURE' }, err: { type: 'string' } },
          required: ['status', 'err'],
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>
