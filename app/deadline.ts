/** `work`, or a rejection with the error `expired()` returns when `work` has not settled within `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(expired()), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}
