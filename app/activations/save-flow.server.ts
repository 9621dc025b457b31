/**
 * The editor's save (spec 3 "Save flow"): the stages in order, each through the
 * licensing API, stopping at the first that fails. Returns every stage's
 * outcome, so the page never reports a stage that did not complete as done.
 */
import {
  SAVE_STAGES,
  STAGE_FAILURES,
  progressText,
  saveBatches,
  type SaveStage,
  type StageOutcome,
  type StageUpdate,
} from '../domain/activation-editor'
import { noDaemonsMessage, type FulfillmentOperation, type HostRef } from '../domain/activation-types'
import { rewriteActivationError } from '../domain/activation-errors'
import type { ActivationCalls } from '../api-client/activations.server'

export interface SaveRequest {
  /** The selected customer (the file is named for it). */
  customerNumber: string
  host: HostRef & { name: string }
  /** Per customer number, its operations. */
  changes: Record<string, FulfillmentOperation[]>
  borrowable: boolean
  email: boolean
}

export interface SaveResult {
  stages: StageOutcome[]
  ok: boolean
  fileName?: string
}

type Reply = { status: 'SUCCESS' } | { status: 'FAILURE'; err: string }

class StageFailure extends Error {
  constructor(
    readonly failure: keyof typeof STAGE_FAILURES,
    readonly raw: string,
  ) {
    super(raw)
  }
}

function check(reply: Reply, failure: keyof typeof STAGE_FAILURES) {
  if (reply.status !== 'SUCCESS') throw new StageFailure(failure, reply.err)
}

/** Hears each stage start, count its fulfilments batch by batch, and end. */
export type StageReporter = (update: StageUpdate) => void

export async function runSave(
  calls: ActivationCalls,
  request: SaveRequest,
  report: StageReporter = () => {},
): Promise<SaveResult> {
  const { customerNumber, host } = request
  const ref = { serverId: host.serverId, serverIdType: host.serverIdType, serverName: host.name }
  // A customer's tab open without changes takes no part: its file and group membership stay as they are.
  const customers = Object.keys(request.changes)
    .filter((c) => c === customerNumber || request.changes[c].length > 0)
    .sort()
  const signed = (sign: 1 | -1) =>
    customers.map((c) => ({ c, ops: request.changes[c].filter((op) => Math.sign(op.count) === sign) }))
  const returns = signed(-1).filter((r) => r.ops.length > 0)
  const creates = signed(1).filter((r) => r.ops.length > 0)
  const count = (list: { ops: FulfillmentOperation[] }[]) => list.reduce((n, r) => n + r.ops.length, 0)
  let fileName: string | undefined
  const textOf = (stage: SaveStage) => SAVE_STAGES.find((s) => s.stage === stage)!.text
  const counted = (stage: SaveStage, done: number, total: number) =>
    report({ stage, text: textOf(stage), status: 'running', progress: progressText(done, total) })

  const work: Record<SaveStage, () => Promise<string | undefined>> = {
    return: async () => {
      let done = 0
      for (const { c, ops } of returns) {
        for (const batch of saveBatches(ops)) {
          check(await calls.return({ customerNumber: c, ...ref, action: 'EDIT', activations: batch }), 'return')
          done += batch.length
          counted('return', done, count(returns))
        }
        check(await calls.deactivateGroup(c, host), 'deactivateGroup')
      }
      return progressText(done, count(returns))
    },
    create: async () => {
      let done = 0
      for (const { c, ops } of creates) {
        for (const batch of saveBatches(ops)) {
          check(await calls.create({ customerNumber: c, ...ref, action: 'EDIT', activations: batch }), 'create')
          done += batch.length
          counted('create', done, count(creates))
        }
      }
      return progressText(done, count(creates))
    },
    group: async () => {
      // The customers that now have activations here, and the requester (one that returned all it had leaves).
      const group = [...new Set([customerNumber, ...creates.map((r) => r.c)])].sort()
      check(await calls.setGroup(customerNumber, host, group), 'group')
      return undefined
    },
    generate: async () => {
      for (const [i, c] of customers.entries()) {
        const reply = await calls.license({ customerNumber: c, ...ref, ansysborrowed: request.borrowable })
        const tolerated =
          reply.status === 'FAILURE' && reply.err.startsWith(noDaemonsMessage('').trim()) && i < customers.length - 1
        if (!tolerated) check(reply, 'generate')
      }
      return undefined
    },
    merge: async () => {
      const reply = await calls.download({ customerNumber, ...ref })
      check(reply, 'merge')
      if (reply.status === 'SUCCESS') fileName = reply.data.licenseFileName
      return undefined
    },
    email: async () => {
      check(await calls.email({ customerNumber, ...ref }), 'email')
      return undefined
    },
  }

  const stages: StageOutcome[] = []
  const end = (outcome: StageOutcome) => {
    stages.push(outcome)
    report(outcome)
  }
  let failed = false
  for (const { stage, text } of SAVE_STAGES) {
    if (stage === 'email' && !request.email) continue
    if (failed) {
      end({ stage, text, status: 'not run' })
      continue
    }
    report({ stage, text, status: 'running' })
    try {
      const progress = await work[stage]()
      end({ stage, text, status: 'done', ...(progress ? { progress } : {}) })
    } catch (error) {
      if (!(error instanceof StageFailure)) throw error
      failed = true
      end({
        stage,
        text,
        status: 'failed',
        message: `${STAGE_FAILURES[error.failure]} ${rewriteActivationError(error.raw)}`,
      })
    }
  }
  return { stages, ok: !failed, fileName }
}
