/**
 * oidc-provider ships no type declarations; this covers the part of its
 * surface the embedded identity provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AdapterPayload = Record<string, any> & {
    grantId?: string
    userCode?: string
    uid?: string
    consumed?: number
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export interface Account {
    accountId: string
    claims(
      use: string,
      scope: string,
      claims: unknown,
      rejected: string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  /** The koa context oidc-provider hands to configuration helpers. */
  export interface KoaContextWithOIDC {
    req: IncomingMessage
    res: ServerResponse & { locals?: Record<string, unknown> }
    body: unknown
    type: string
    status: number
    host: string
    ip: string
    set(field: string, value: string): void
    get(field: string): string
    response: { get(field: string): string }
    oidc: any
  }

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, any> }
    params: Record<string, any>
    session?: { accountId: string; uid: string; cookie: string }
    grantId?: string
    lastSubmission?: Record<string, unknown>
    returnTo: string
  }

  export interface Grant {
    jti: string
    accountId: string
    clientId: string
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(indicator: string, scope: string): void
    save(): Promise<string>
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant
    find(id: string): Promise<Grant | undefined>
  }

  export interface Session {
    accountId?: string
    uid: string
    grantIdFor(clientId: string): string | undefined
  }

  export type Configuration = Record<string, any>

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    proxy: boolean
    issuer: string
    Grant: GrantConstructor
    Session: { get(ctx: unknown): Promise<Session> }
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    createContext(req: IncomingMessage, res: ServerResponse): unknown
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>
    on(event: string, listener: (...args: any[]) => void): this
  }

  export const errors: {
    SessionNotFound: new (...args: any[]) => Error
    [name: string]: new (...args: any[]) => Error
  }

  export default Provider
}
