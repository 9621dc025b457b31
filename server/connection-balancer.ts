/**
 * With several workers, the primary accepts the connections and hands each to
 * the worker that holds the fewest open ones. node:cluster's round robin gives
 * a new connection to whichever worker acknowledged its previous one first, so
 * a burst of keep-alive connections (a load balancer's pool, a browser's six)
 * could leave one worker with twice as many as the other for as long as they
 * stayed open, and its pages twice as slow.
 */
import type { Worker } from 'node:cluster'
import type http from 'node:http'
import net from 'node:net'

const HANDOFF = 'portal:connection'
const CLOSED = 'portal:connection-closed'
const READY = 'portal:ready'

/** The worker with the fewest open connections; the first of them on a tie. */
export function leastLoaded(workerIds: number[], open: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined
  for (const id of workerIds) {
    if (best === undefined || (open.get(id) ?? 0) < (open.get(best) ?? 0)) best = id
  }
  return best
}

/** Primary side: listens on the port and hands connections to the workers that said they are ready. */
export function createBalancer() {
  const ready = new Map<number, Worker>()
  const open = new Map<number, number>()
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    const id = leastLoaded([...ready.keys()], open)
    if (id === undefined) return socket.destroy()
    open.set(id, (open.get(id) ?? 0) + 1)
    ready.get(id)!.send({ cmd: HANDOFF }, socket, { keepOpen: false }, (error) => {
      if (!error) return
      open.set(id, Math.max(0, (open.get(id) ?? 1) - 1))
      socket.destroy()
    })
  })
  return {
    server,
    /** Starts watching a worker; resolves when it is ready to take connections. */
    add(worker: Worker) {
      return new Promise<void>((resolve) => {
        worker.on('message', (message: { cmd?: string }) => {
          if (message?.cmd === READY) {
            ready.set(worker.id, worker)
            open.set(worker.id, 0)
            resolve()
          } else if (message?.cmd === CLOSED) {
            open.set(worker.id, Math.max(0, (open.get(worker.id) ?? 1) - 1))
          }
        })
        worker.once('exit', () => {
          ready.delete(worker.id)
          open.delete(worker.id)
        })
      })
    },
  }
}

/** Worker side: serves the connections the primary hands over, and reports when each closes. */
export function takeConnections(server: http.Server) {
  process.on('message', (message: { cmd?: string }, socket?: net.Socket) => {
    if (message?.cmd !== HANDOFF || !socket) return
    socket.once('close', () => {
      if (process.connected) process.send?.({ cmd: CLOSED })
    })
    server.emit('connection', socket)
    socket.resume()
  })
  process.send?.({ cmd: READY })
}
