/**
 * `items.map(work)` for work that awaits, one item after the other: inside a transaction the
 * statements run in the order the code gives them, and a failure stops the rest.
 */
export async function mapInOrder<T, R>(items: Iterable<T>, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  let index = 0
  for (const item of items) results.push(await work(item, index++))
  return results
}
