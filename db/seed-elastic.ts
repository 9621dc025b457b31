import type { DemoStep } from './seed'

/** Demo data: elastic servers and credentials. */
export function elasticStep(): DemoStep {
  return {
    name: 'elastic servers and credentials',
    run: () => {},
  }
}
