/** Work that runs one at a time: the next one starts when the one before settles. */
export class Turns {
  private last: Promise<unknown> = Promise.resolve()
  take<T>(work: () => Promise<T>): Promise<T> {
    const run = this.last.then(work, work)
    this.last = run.catch(() => undefined)
    return run
  }
}
